// Where a question is about: a US state named outright, by its postal code, by a nickname or by
// one of its cities ("I rent in Houston" is Texas), or a place outside the United States. Read
// word by word with map lookups, so any text is read in linear time.
import { regionsByCountry } from '../../../shared/jurisdictions.js';
import type { GuideDocument } from '../../../shared/guides.js';
import { words } from '../guides/terms.js';

export type Place =
  | { kind: 'state'; code: string; name: string }
  /** A place outside the United States that the guides do not cover. */
  | { kind: 'abroad'; name: string };

const usStates = regionsByCountry.US!.regions;
const stateName = new Map(usStates.map((region) => [region.code, region.name]));

/** Codes people write in capitals as words ("OK", "ID", "HI", "OH"): states only after "in" or "from". */
const capitalWords = new Set(['OK', 'ID', 'HI', 'OH']);
const placeWords = new Set(['in', 'from', 'to', 'near', 'of', 'outside', 'at']);

/** Postal codes that are also everyday words in lower case ("in", "me", "or", "ok", "hi"...). */
const wordLikeCodes = new Set([
  'IN',
  'ME',
  'OR',
  'OK',
  'HI',
  'OH',
  'AL',
  'LA',
  'DE',
  'CO',
  'ID',
  'MA',
  'MO',
  'PA',
  'AR',
  'NE',
  'MS',
  'IA',
  'GA',
  'VA',
  'WA',
  'MI',
  'IL',
  'MD',
  'CA',
  'MT',
  'UT',
  'SC',
  'TN',
  'KY',
]);

/** Cities, boroughs, regions and nicknames people use for their state. */
const cityState: Record<string, string> = Object.fromEntries(
  (
    'AL:birmingham,montgomery,huntsville,mobile,tuscaloosa;AK:anchorage,fairbanks,juneau;' +
    'AZ:maricopa county,pima county,phoenix,tucson,mesa,chandler,scottsdale,glendale az,gilbert,tempe,peoria az,flagstaff,yuma;' +
    'AR:little rock,fayetteville ar,fort smith;' +
    'CA:los angeles,san diego,san jose,san francisco,fresno,sacramento,long beach,oakland,bakersfield,' +
    'anaheim,santa ana,riverside,stockton,irvine,chula vista,fremont,san bernardino,modesto,' +
    'oxnard,fontana,huntington beach,glendale ca,santa clarita,santa rosa,ontario ca,pasadena,' +
    'berkeley,palo alto,san mateo,santa monica,burbank,torrance,sunnyvale,hayward,inglewood,' +
    'compton,santa barbara,san luis obispo,bay area,silicon valley,socal,norcal,cali,' +
    'southern california,northern california,east bay,hollywood,orange county,inland empire,' +
    'los angeles county,la county,san diego county,riverside county,san bernardino county,' +
    'santa clara county,alameda county,sacramento county,contra costa county,fresno county,' +
    'kern county,ventura county,san mateo county,san francisco county;' +
    'CO:denver,colorado springs,aurora,fort collins,boulder,lakewood co,pueblo;' +
    'CT:hartford,new haven,bridgeport,stamford,waterbury;DE:wilmington de,dover de;' +
    'DC:washington dc,washington d c,dc,d c;' +
    'FL:miami,orlando,tampa,jacksonville,tallahassee,st petersburg,saint petersburg,fort lauderdale,' +
    'hialeah,port st lucie,cape coral,pembroke pines,hollywood fl,gainesville,west palm beach,' +
    'boca raton,sarasota,naples fl,pensacola,kissimmee,miami beach,south florida,miami dade,' +
    'miami dade county,broward,broward county,palm beach county,hillsborough county,' +
    'pinellas county,duval county;' +
    'GA:atlanta,savannah,augusta,columbus ga,macon,athens ga,marietta,alpharetta,fulton county,' +
    'dekalb county,gwinnett county,cobb county;' +
    'HI:honolulu,maui,oahu,hilo;ID:boise,idaho falls,nampa;' +
    'IL:chicago,aurora il,naperville,joliet,rockford,springfield il,peoria,evanston,champaign,' +
    'chi town,chitown,cook county,dupage county,lake county il,will county;IN:indianapolis,fort wayne,evansville,south bend,bloomington in;' +
    'IA:des moines,cedar rapids,davenport,iowa city;KS:wichita,overland park,topeka,lawrence ks;' +
    'KY:louisville,lexington ky,bowling green;LA:new orleans,baton rouge,shreveport,lafayette la,nola;' +
    'ME:portland me,bangor;MD:baltimore,annapolis,silver spring,bethesda,rockville,columbia md;' +
    'MA:boston,worcester,springfield ma,cambridge ma,lowell,quincy,somerville;' +
    'MI:detroit,grand rapids,ann arbor,lansing,flint,dearborn,warren mi,sterling heights,kalamazoo,' +
    'wayne county,oakland county,macomb county,kent county mi;' +
    'MN:hennepin county,minneapolis,st paul,saint paul,twin cities,duluth,rochester mn,bloomington mn;' +
    'MS:jackson ms,gulfport,biloxi;MO:kansas city,st louis,saint louis,springfield mo,columbia mo;' +
    'MT:billings,missoula,bozeman,helena;NE:omaha,lincoln ne;NV:las vegas,vegas,henderson,reno,clark county nv;' +
    'NH:manchester nh,nashua,concord nh;' +
    'NJ:newark,jersey city,paterson,elizabeth nj,trenton,camden,hoboken,atlantic city,edison,' +
    'jersey,new brunswick,princeton;NM:albuquerque,santa fe,las cruces;' +
    'NY:new york city,nyc,brooklyn,queens,bronx,the bronx,manhattan,staten island,harlem,' +
    'long island,buffalo,rochester,yonkers,syracuse,albany,westchester,ithaca,white plains,' +
    'upstate new york,upstate,kings county,nassau county,suffolk county,erie county,' +
    'westchester county,monroe county ny;' +
    'NC:charlotte,raleigh,greensboro,durham,winston salem,fayetteville,cary,wilmington,asheville,' +
    'chapel hill,mecklenburg county,wake county;ND:fargo,bismarck;' +
    'OH:columbus,cleveland,cincinnati,toledo,akron,dayton,youngstown,cuyahoga county,' +
    'hamilton county oh,franklin county oh;' +
    'OK:oklahoma city,tulsa,norman;OR:portland,salem or,eugene,bend or;' +
    'PA:philadelphia,philly,pittsburgh,allentown,erie,harrisburg,scranton,reading pa,' +
    'allegheny county,montgomery county pa,bucks county;' +
    'RI:providence;SC:charleston sc,columbia sc,greenville sc,myrtle beach;SD:sioux falls,rapid city;' +
    'TN:nashville,memphis,knoxville,chattanooga,murfreesboro;' +
    'TX:houston,san antonio,dallas,austin,fort worth,el paso,arlington tx,corpus christi,plano,' +
    'laredo,lubbock,irving,garland,frisco,mckinney,amarillo,brownsville,killeen,mcallen,waco,' +
    'denton,midland,odessa,round rock,sugar land,the woodlands,dfw,htown,harris county,' +
    'dallas county,tarrant county,bexar county,travis county,collin county,denton county,' +
    'fort bend county,hidalgo county,el paso county;' +
    'UT:salt lake city,salt lake,provo,ogden,st george;VT:burlington vt,montpelier;' +
    'VA:virginia beach,richmond,norfolk,chesapeake,arlington va,alexandria,newport news,' +
    'roanoke,charlottesville,fairfax,northern virginia,nova;' +
    'WA:seattle,spokane,tacoma,bellevue,olympia,redmond,everett,king county,pierce county,' +
    'snohomish county;' +
    'WV:charleston wv,morgantown,huntington wv;WI:milwaukee,madison,green bay;' +
    'WY:cheyenne,casper,jackson hole;' +
    // A state's own agencies, programs and utilities name the state as surely as its cities.
    'CA:edd,calfresh,medi cal,covered california,ladwp,socal edison,southern california edison;' +
    'NY:con ed,coned,con edison,nycha;IL:comed;MA:masshealth;TN:tenncare;WI:badgercare'
  )
    .split(';')
    .flatMap((entry) => {
      const [code, names] = entry.split(':') as [string, string];
      return names.split(',').map((name) => [name, code] as const);
    }),
);

/** Places abroad people name; the guides cover the United States only. */
const abroad = new Set(
  (
    'canada,ontario,quebec,british columbia,alberta,toronto,vancouver,montreal,mexico,' +
    'mexico city,uk,u k,united kingdom,england,scotland,wales,northern ireland,britain,' +
    'great britain,london,ireland,dublin,australia,sydney,melbourne,new zealand,india,' +
    'delhi,mumbai,bangalore,pakistan,philippines,manila,nigeria,lagos,south africa,kenya,' +
    'germany,berlin,france,paris,spain,madrid,italy,rome,portugal,netherlands,amsterdam,' +
    'belgium,switzerland,sweden,norway,denmark,poland,brazil,argentina,colombia,peru,chile,' +
    'china,japan,tokyo,korea,south korea,singapore,hong kong,dubai,uae,israel,egypt,turkey,' +
    'russia,ukraine,europe,the eu'
  ).split(','),
);

/** Words before a place abroad that make it a trip or an origin. */
const elsewhere = new Set(['to', 'from', 'visit', 'visiting', 'visited']);

/** "Georgia" is a state in questions about US law; "Washington" is too, unless it is DC. */
const names = new Map<string, string>();
for (const region of usStates) names.set(region.name.toLowerCase(), region.code);
for (const [name, code] of Object.entries(cityState)) names.set(name, code);
names.set('dist of columbia', 'DC');

const longestName = Math.max(...[...names.keys(), ...abroad].map((name) => name.split(' ').length));

interface Token {
  lower: string;
  raw: string;
}

function tokensOf(text: string): Token[] {
  const out: Token[] = [];
  // Words and numbers; a form's letter stays with its number ("I-485"); "%" reads as "percent".
  for (const match of text
    .normalize('NFKC')
    .matchAll(/\b[A-Za-z]-\d+[A-Za-z]?\b|[A-Za-z0-9]+|%/g)) {
    out.push({ raw: match[0], lower: match[0].toLowerCase() });
  }
  return out;
}

function statePlace(code: string): Place {
  return { kind: 'state', code, name: stateName.get(code)! };
}

/**
 * The places a text names, in order of appearance, and its other words (lower case), which say
 * what it is about. A two-letter code counts when written in capitals ("NY", "TX") or, for codes
 * that are not everyday words, in lower case ("tx", "nj").
 */
export function readPlaces(text: string): { places: Place[]; otherWords: string[] } {
  const tokens = tokensOf(text);
  const letters = tokens.reduce((sum, token) => sum + token.raw.length, 0);
  const capitals = tokens.reduce((sum, token) => sum + (token.raw.match(/[A-Z]/g)?.length ?? 0), 0);
  // In text written in capitals, "IN", "ME" and "OR" are words, not states.
  const shouting = capitals > letters / 2;
  const places: Place[] = [];
  const otherWords: string[] = [];
  for (let i = 0; i < tokens.length;) {
    let matched = 0;
    for (let length = Math.min(longestName, tokens.length - i); length >= 1; length--) {
      const phrase = tokens
        .slice(i, i + length)
        .map((token) => token.lower)
        .join(' ');
      const code = names.get(phrase);
      if (code) {
        places.push(statePlace(code));
        matched = length;
        break;
      }
      if (abroad.has(phrase)) {
        const name = tokens
          .slice(i, i + length)
          .map((token) => token.raw)
          .join(' ');
        // "Flying to Mexico", "I'm from India": a trip or an origin, not where the matter is.
        if (!elsewhere.has(tokens[i - 1]?.lower ?? '')) places.push({ kind: 'abroad', name });
        matched = length;
        break;
      }
    }
    if (!matched) {
      const { raw, lower } = tokens[i]!;
      const upper = lower.toUpperCase();
      const isCode =
        lower.length === 2 &&
        stateName.has(upper) &&
        (!wordLikeCodes.has(upper) || (raw === upper && !shouting)) &&
        // "OK so…", "my ID", "HI there": in capitals too these are words, unless a place is meant.
        (!capitalWords.has(upper) || placeWords.has(tokens[i - 1]?.lower ?? ''));
      // "LA" in capitals is Los Angeles far more often than Louisiana, which people spell out.
      if (isCode) places.push(statePlace(raw === 'LA' ? 'CA' : upper));
      else otherWords.push(lower);
      matched = 1;
    }
    i += matched;
  }
  return { places, otherWords };
}

/** The last place a text names (people correct themselves: "I lived in Ohio, now Texas"). */
export function placeIn(text: string): Place | undefined {
  return readPlaces(text).places.at(-1);
}

export function statePlaceOf(code: string | null | undefined): Place | undefined {
  return code && stateName.has(code) ? statePlace(code) : undefined;
}

/** "My UK visa", "Canadian taxes": the other country's own system, not the United States'. */
const systemWords = new Set(
  'visa visas citizenship passport residency residence permit immigration tax taxes government law laws'.split(
    ' ',
  ),
);
const namesForeignSystem = (text: string, place: Place | undefined) => {
  if (place?.kind !== 'abroad') return false;
  const written = words(text);
  const name = words(place.name);
  for (let i = 0; i + name.length < written.length; i++) {
    if (
      name.every((word, k) => written[i + k] === word) &&
      systemWords.has(written[i + name.length]!)
    )
      return true;
  }
  return false;
};

/**
 * A place abroad that leaves the question to US law: immigration and US taxes follow a person
 * across borders ("8 months in India", "I live in Germany now"), unless the question is about
 * that country's own system ("my UK visa"). Elsewhere the other country's law decides.
 */
export function usLawAbroad(
  guide: Pick<GuideDocument, 'area'>,
  text: string,
  place: Place | undefined,
): boolean {
  return (
    (guide.area === 'immigration' || guide.area === 'taxes') && !namesForeignSystem(text, place)
  );
}
