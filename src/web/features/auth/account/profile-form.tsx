import { useState, type FormEvent } from 'react';
import type { User } from '../../../../shared/auth';
import { countryCodes, regionsByCountry } from '../../../../shared/jurisdictions';
import { updateProfile } from '../auth-api';
import { FormMessage } from '../../../components/form/form-message';
import { SelectField } from '../../../components/form/select-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { fieldErrorsFor } from '../../../error-messages';
import { useFormSubmission } from '../../../components/form/use-form-submission';

let countries: { value: string; label: string }[] | undefined;

/** Country names in English, sorted; built once, on first use. */
function countryOptions() {
  if (countries) return countries;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  countries = countryCodes
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return countries;
}

const fieldOrder = [
  'profile-givenName',
  'profile-familyName',
  'profile-picture',
  'profile-country',
];

function checkPicture(picture: string): string | undefined {
  if (!picture.trim()) return undefined;
  try {
    return new URL(picture.trim()).protocol === 'https:'
      ? undefined
      : 'Enter an address that starts with https://';
  } catch {
    return 'Enter an address that starts with https://';
  }
}

/** Name, picture and jurisdiction (the law the assistant answers under). */
export function ProfileForm({ user }: { user: User }) {
  const [givenName, setGivenName] = useState(user.givenName ?? '');
  const [familyName, setFamilyName] = useState(user.familyName ?? '');
  const [picture, setPicture] = useState(user.picture ?? '');
  const [country, setCountry] = useState(user.jurisdiction.country ?? '');
  const [region, setRegion] = useState(user.jurisdiction.region ?? '');
  const { busy, errors, notice, messageRef, showNotice, submit } = useFormSubmission(fieldOrder);
  const subdivisions = regionsByCountry[country];

  function chooseCountry(value: string) {
    setCountry(value);
    setRegion('');
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void submit({
      checks: { 'profile-picture': checkPicture(picture) },
      send: async () => {
        await updateProfile({
          givenName: givenName.trim() || null,
          familyName: familyName.trim() || null,
          picture: picture.trim() || null,
          jurisdiction: {
            country: country || null,
            region: subdivisions && region ? region : null,
          },
        });
        showNotice({ kind: 'success', text: 'Your profile has been saved.' });
      },
      onFailure: (error) => {
        const fields = fieldErrorsFor(error);
        return {
          'profile-givenName': fields.givenName,
          'profile-familyName': fields.familyName,
          'profile-picture': fields.picture,
          'profile-country': fields['jurisdiction.country'] ?? fields['jurisdiction.region'],
        };
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="profile-title">
      <h2 id="profile-title" className="account-section-title">
        Profile
      </h2>
      <div className="row gx-3">
        <div className="col-sm-6">
          <TextField
            id="profile-givenName"
            label="First name"
            autoComplete="given-name"
            value={givenName}
            onChange={setGivenName}
            error={errors['profile-givenName']}
          />
        </div>
        <div className="col-sm-6">
          <TextField
            id="profile-familyName"
            label="Last name"
            autoComplete="family-name"
            value={familyName}
            onChange={setFamilyName}
            error={errors['profile-familyName']}
          />
        </div>
      </div>
      <TextField
        id="profile-picture"
        label="Picture"
        type="url"
        placeholder="https://"
        autoComplete="photo"
        value={picture}
        onChange={setPicture}
        error={errors['profile-picture']}
        hint="The address (https) of a picture of you."
      />
      <fieldset className="account-fieldset">
        <legend className="form-label">Jurisdiction</legend>
        <p className="form-text mt-0">
          Where you live decides which law applies; the assistant answers for it.
        </p>
        <div className="row gx-3">
          <div className={subdivisions ? 'col-sm-6' : 'col-12'}>
            <SelectField
              id="profile-country"
              label="Country"
              value={country}
              onChange={chooseCountry}
              options={countryOptions()}
              emptyLabel="Not set"
              error={errors['profile-country']}
            />
          </div>
          {subdivisions && (
            <div className="col-sm-6">
              <SelectField
                id="profile-region"
                label={subdivisions.label}
                value={region}
                onChange={setRegion}
                options={subdivisions.regions.map((r) => ({ value: r.code, label: r.name }))}
                emptyLabel="Not set"
              />
            </div>
          )}
        </div>
      </fieldset>
      <FormMessage id="profile-message" notice={notice} ref={messageRef} />
      <SubmitButton
        busy={busy}
        label="Save profile"
        busyLabel="Saving..."
        className="btn btn-primary"
      />
    </form>
  );
}
