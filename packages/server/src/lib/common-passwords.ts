import { dictionary } from '@zxcvbn-ts/language-common';

let list: Set<string> | undefined;

/**
 * The 49,000 most common and breached passwords of @zxcvbn-ts/language-common (ASVS 5.0
 * 6.2.4 asks for at least the top 3,000), lower-case, built once on first use.
 */
export function commonPasswords(): Set<string> {
  list ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
  return list;
}
