/**
 * Countries of billing addresses: ISO 3166-1 alpha-2 codes (plus XK, Kosovo, as the EU
 * uses it). Names come from the runtime's Unicode data in German (Austria), so the list
 * stays short and the names match what browsers show. Free of zod.
 */

const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW';

export const COUNTRY_CODES: readonly string[] = CODES.split(' ');
const KNOWN = new Set(COUNTRY_CODES);

/** The 27 member states of the European Union (VAT area; Greece is GR here, EL only in VAT numbers). */
export const EU_COUNTRY_CODES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];
const EU = new Set(EU_COUNTRY_CODES);

export const DEFAULT_COUNTRY = 'AT';

export function isCountryCode(code: string): boolean {
  return KNOWN.has(code);
}

export function isEuCountry(code: string): boolean {
  return EU.has(code);
}

let names: Intl.DisplayNames | undefined;

/** German (Austrian) name of a country code, e.g. AT → Österreich; the code itself if unknown. */
export function countryName(code: string): string {
  names ??= new Intl.DisplayNames(['de-AT'], { type: 'region' });
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** `{value, label}` for a select, sorted by German name, Austria first. */
export function countryOptions(): Array<{ value: string; label: string }> {
  const collator = new Intl.Collator('de-AT');
  const rest = COUNTRY_CODES.filter((c) => c !== DEFAULT_COUNTRY)
    .map((value) => ({ value, label: countryName(value) }))
    .sort((a, b) => collator.compare(a.label, b.label));
  return [{ value: DEFAULT_COUNTRY, label: countryName(DEFAULT_COUNTRY) }, ...rest];
}
