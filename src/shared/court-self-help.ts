/** The official court self-help site of each US state and DC: where a person finds forms and help when our guides give no figure for their state. Checked against each state's judiciary site. */
export interface CourtSelfHelp {
  name: string;
  url: string;
  checked: string;
}

const checked = '2026-11-25';

export const courtSelfHelp: Record<string, CourtSelfHelp> = {
  AL: {
    name: 'Alabama Supreme Court and State Law Library: guide for self-represented litigants',
    url: 'https://judicial-alabama.libguides.com/self-representation',
    checked,
  },
  AK: {
    name: 'Alaska Court System: Self-Help Services, representing yourself',
    url: 'https://courts.alaska.gov/shc/about.htm',
    checked,
  },
  AZ: {
    name: 'Arizona Judicial Branch: Self-Service Center',
    url: 'https://www.azcourts.gov/selfservicecenter/Self-Service-Forms',
    checked,
  },
  AR: {
    name: 'Arkansas Judiciary (home page; no statewide self-help page)',
    url: 'https://www.arcourts.gov/',
    checked,
  },
  CA: {
    name: 'California Courts: Self-Help Guide',
    url: 'https://selfhelp.courts.ca.gov/',
    checked,
  },
  CO: {
    name: 'Colorado Judicial Branch: self-help',
    url: 'https://www.coloradojudicial.gov/self-help',
    checked,
  },
  CT: {
    name: 'Connecticut Judicial Branch: representing yourself',
    url: 'https://www.jud.ct.gov/faq/represent.html',
    checked,
  },
  DE: {
    name: 'Delaware Courts: self-help center',
    url: 'https://courts.delaware.gov/help/',
    checked,
  },
  DC: {
    name: 'DC Courts (home page; help for people without a lawyer is linked there)',
    url: 'https://www.dccourts.gov/',
    checked,
  },
  FL: {
    name: 'Florida Courts: family law self-help information',
    url: 'https://www.flcourts.gov/Resources-Services/Court-Improvement/Family-Courts/Family-Law-Self-Help-Information',
    checked,
  },
  GA: {
    name: 'Georgia Courts (home page; no statewide self-help page)',
    url: 'https://georgiacourts.gov/',
    checked,
  },
  HI: {
    name: 'Hawaii State Judiciary: self-help',
    url: 'https://www.courts.state.hi.us/self-help',
    checked,
  },
  ID: {
    name: 'Idaho Court Assistance Office: court self-help',
    url: 'https://courtselfhelp.idaho.gov/',
    checked,
  },
  IL: {
    name: 'Illinois Court Help (Illinois Supreme Court)',
    url: 'https://ilcourthelp.gov/',
    checked,
  },
  IN: {
    name: 'Indiana Judicial Branch: Self-Service Legal Center',
    url: 'https://www.in.gov/courts/selfservice/',
    checked,
  },
  IA: {
    name: 'Iowa Judicial Branch: representing yourself',
    url: 'https://www.iowacourts.gov/for-the-public/representing-yourself',
    checked,
  },
  KS: {
    name: 'Kansas Judicial Branch: virtual self-help center',
    url: 'https://self-help.kscourts.gov/',
    checked,
  },
  KY: {
    name: 'Kentucky Court of Justice: Legal Self-Help Portal',
    url: 'https://www.kycourts.gov/Legal-Help/Pages/default.aspx',
    checked,
  },
  LA: {
    name: 'Law Library of Louisiana (Louisiana Supreme Court): resources for self-represented litigants',
    url: 'https://lasc.libguides.com/srl',
    checked,
  },
  ME: {
    name: 'Maine Judicial Branch: court help',
    url: 'https://www.courts.maine.gov/help/index.html',
    checked,
  },
  MD: {
    name: 'Maryland Judiciary: Maryland Court Help Center',
    url: 'https://www.mdcourts.gov/helpcenter',
    checked,
  },
  MA: {
    name: 'Massachusetts Trial Court: Court Service Centers',
    url: 'https://www.mass.gov/info-details/learn-about-court-service-centers',
    checked,
  },
  MI: {
    name: 'Michigan Courts: self-help',
    url: 'https://www.courts.michigan.gov/self-help/',
    checked,
  },
  MN: {
    name: 'Minnesota Judicial Branch (home page; its Self-Help Center is linked there)',
    url: 'https://www.mncourts.gov/',
    checked,
  },
  MS: {
    name: 'Mississippi Judiciary (home page; no statewide self-help page)',
    url: 'https://courts.ms.gov/',
    checked,
  },
  MO: {
    name: 'Missouri Courts: Representing Yourself',
    url: 'https://www.selfrepresent.mo.gov/',
    checked,
  },
  MT: {
    name: 'Montana Judicial Branch: self-help',
    url: 'https://courts.mt.gov/selfhelp',
    checked,
  },
  NE: {
    name: 'Nebraska Judicial Branch: Legal Self-Help Center',
    url: 'https://supremecourt.nebraska.gov/self-help',
    checked,
  },
  NV: {
    name: 'Nevada Supreme Court: self-help center',
    url: 'https://selfhelp.nvcourts.gov/',
    checked,
  },
  NH: {
    name: 'New Hampshire Judicial Branch: self-help, getting started',
    url: 'https://courts.nh.gov/self-help/getting-started',
    checked,
  },
  NJ: {
    name: 'New Jersey Courts: self-help',
    url: 'https://www.njcourts.gov/self-help',
    checked,
  },
  NM: {
    name: 'New Mexico Courts: self-help',
    url: 'https://www.nmcourts.gov/self-help/',
    checked,
  },
  NY: {
    name: 'New York State Courts: CourtHelp',
    url: 'https://www.nycourts.gov/courthelp/',
    checked,
  },
  NC: {
    name: 'North Carolina Judicial Branch: help topics',
    url: 'https://www.nccourts.gov/help-topics',
    checked,
  },
  ND: {
    name: 'North Dakota Courts: Legal Self Help Center',
    url: 'https://www.ndcourts.gov/legal-self-help',
    checked,
  },
  OH: {
    name: 'Supreme Court of Ohio (home page; no statewide self-help page)',
    url: 'https://www.supremecourt.ohio.gov/',
    checked,
  },
  OK: {
    name: 'Oklahoma State Courts Network (home page; no statewide self-help page)',
    url: 'https://www.oscn.net/',
    checked,
  },
  OR: {
    name: 'Oregon Judicial Department: self-help',
    url: 'https://www.courts.oregon.gov/help/Pages/default.aspx',
    checked,
  },
  PA: {
    name: 'Unified Judicial System of Pennsylvania: representing yourself',
    url: 'https://www.pacourts.us/learn/representing-yourself',
    checked,
  },
  RI: {
    name: 'Rhode Island Judiciary: Your Day in Court (includes representing yourself)',
    url: 'https://www.courts.ri.gov/Public-Resources/Pages/Your-Day-in-Court.aspx',
    checked,
  },
  SC: {
    name: 'South Carolina Judicial Branch (home page; its self-help pages are linked there)',
    url: 'https://www.sccourts.org/',
    checked,
  },
  SD: {
    name: 'South Dakota Unified Judicial System: representing yourself',
    url: 'https://ujs.sd.gov/self-help/representing-yourself',
    checked,
  },
  TN: {
    name: 'Tennessee Courts: self-help center',
    url: 'https://www.tncourts.gov/programs/self-help-center',
    checked,
  },
  TX: {
    name: 'Texas Judicial Branch: self-help resources (points to TexasLawHelp)',
    url: 'https://www.txcourts.gov/programs-services/self-help/self-represented-litigants/self-help-resources/',
    checked,
  },
  UT: {
    name: 'Utah State Courts: self-help',
    url: 'https://www.utcourts.gov/en/self-help.html',
    checked,
  },
  VT: {
    name: 'Vermont Judiciary: self-help',
    url: 'https://www.vermontjudiciary.org/self-help',
    checked,
  },
  VA: {
    name: "Virginia's Judicial System: court self-help",
    url: 'https://selfhelp.vacourts.gov/',
    checked,
  },
  WA: {
    name: 'Washington Courts (home page; Self-Help Washington is linked there)',
    url: 'https://www.courts.wa.gov/',
    checked,
  },
  WV: {
    name: 'West Virginia Judiciary (home page; no statewide self-help page)',
    url: 'https://www.courtswv.gov/',
    checked,
  },
  WI: {
    name: 'Wisconsin Court System: self-help law center, representing yourself',
    url: 'https://www.wicourts.gov/services/public/selfhelp/selfrep/',
    checked,
  },
  WY: {
    name: 'Wyoming Judicial Branch: self-help forms',
    url: 'https://www.wyocourts.gov/self-help-forms/',
    checked,
  },
};

/** The court self-help site for a US state or DC by its USPS code, or undefined for any other code. */
export function courtSelfHelpFor(stateCode: string): CourtSelfHelp | undefined {
  return Object.hasOwn(courtSelfHelp, stateCode) ? courtSelfHelp[stateCode] : undefined;
}
