/**
 * Crypto payout addresses, checked against the format of the network they are bound for before
 * any money is sent to them: the checksum of each format catches a mistyped or made-up address,
 * which a length check alone would let through. The web checks as the user types; the mock
 * refuses the same addresses when binding.
 *
 * Networks are named by their `protocol` code (the draw symbol's, the deposit network's
 * `protocol_code`). A network not listed here has no known format and is not checked.
 */

import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { type Bech32Decoded, base58check, bech32, bech32m } from '@scure/base';

const base58 = base58check(sha256);

/** Why an address was refused. */
export type AddressIssue = 'empty' | 'wrong_format';

/** TRON (TRC20): base58check of 21 bytes starting with the mainnet prefix 0x41 ("T…"). */
function isTronAddress(text: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) return false;
  try {
    const bytes = base58.decode(text);
    return bytes.length === 21 && bytes[0] === 0x41;
  } catch {
    return false;
  }
}

/**
 * Ethereum (ERC20): 0x and 40 hex digits. All lower or all upper case carries no checksum;
 * mixed case must match its EIP-55 checksum (the keccak-256 of the lower-case hex), which is
 * what wallets write and what catches a mistyped letter.
 */
function isEthereumAddress(text: string): boolean {
  const match = /^0x([0-9a-fA-F]{40})$/.exec(text);
  const hex = match?.[1];
  if (hex === undefined) return false;
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  for (let i = 0; i < 40; i++) {
    const char = hex[i] as string;
    if (!/[a-f]/i.test(char)) continue;
    const byte = hash[i >> 1] as number;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    if (nibble >= 8 !== (char !== char.toLowerCase())) return false;
  }
  return true;
}

/**
 * Bitcoin mainnet: legacy P2PKH ("1…") and P2SH ("3…") in base58check, segwit v0 ("bc1q…") in
 * bech32 and v1+ ("bc1p…", taproot) in bech32m, with the program lengths BIP 141 allows.
 */
function isBitcoinAddress(text: string): boolean {
  if (/^[13]/.test(text)) {
    try {
      const bytes = base58.decode(text);
      return bytes.length === 21 && (bytes[0] === 0x00 || bytes[0] === 0x05);
    } catch {
      return false;
    }
  }
  const lower = text.toLowerCase();
  // Bech32 is one case or the other, never mixed.
  if (!lower.startsWith('bc1') || (text !== lower && text !== text.toUpperCase())) return false;
  const v0 = bech32.decodeUnsafe(lower) || undefined;
  const decoded: Bech32Decoded | undefined = v0 ?? (bech32m.decodeUnsafe(lower) || undefined);
  if (decoded?.prefix !== 'bc') return false;
  const [version, ...data] = decoded.words;
  if (version === undefined || version > 16) return false;
  // v0 must be bech32 and v1+ bech32m (BIP 350): the other encoding is a different address.
  if ((version === 0) !== (v0 !== undefined)) return false;
  const program = bech32.fromWordsUnsafe(data);
  if (!program || program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

/** The address format of each network this project knows, by protocol code. */
const FORMATS: Readonly<Record<string, (text: string) => boolean>> = {
  TRC20: isTronAddress,
  ERC20: isEthereumAddress,
  BEP20: isEthereumAddress,
  BTC: isBitcoinAddress,
};

/** Whether addresses of `network` are checked (the network's format is known). */
export function knowsAddressFormat(network: string): boolean {
  return Object.hasOwn(FORMATS, network.toUpperCase());
}

/**
 * Why `address` cannot receive on `network`, or `undefined` when it can. Surrounding spaces are
 * ignored (a pasted address often carries them); anything else must match exactly.
 */
export function addressIssue(network: string, address: string): AddressIssue | undefined {
  const text = address.trim();
  if (text === '') return 'empty';
  const check = FORMATS[network.toUpperCase()];
  if (check && !check(text)) return 'wrong_format';
  return undefined;
}

const BASE58 = '1-9A-HJ-NP-Za-km-z';

/**
 * What an address of each network can grow into as it is typed: the characters it may start
 * with and hold, and how long its longest form is (`text` picks the form, for BTC's two).
 */
const GROWTH: Readonly<
  Record<string, { readonly could: RegExp; readonly longest: (text: string) => number }>
> = {
  TRC20: { could: new RegExp(`^T[${BASE58}]*$`), longest: () => 34 },
  ERC20: { could: /^0(?:x[0-9a-fA-F]*)?$/, longest: () => 42 },
  BEP20: { could: /^0(?:x[0-9a-fA-F]*)?$/, longest: () => 42 },
  BTC: {
    could: new RegExp(
      `^(?:[13][${BASE58}]*|b(?:c(?:1[02-9ac-hj-np-z]*)?)?|B(?:C(?:1[02-9AC-HJ-NP-Z]*)?)?)$`,
    ),
    // Legacy base58check is at most 35 characters; bech32 with a 40-byte program, 74.
    longest: (text) => (/^[13]/.test(text) ? 35 : 74),
  },
};

/**
 * `addressIssue` for an address still being typed: `'wrong_format'` as soon as the text can no
 * longer become an address of `network` — a character or a start the format never has, or as
 * long as its longest form and still not valid — and `undefined` while it may yet become one
 * (the full check runs when the field is left, and before anything is sent).
 */
export function addressIssueWhileTyping(
  network: string,
  address: string,
): AddressIssue | undefined {
  const text = address.trim();
  if (text === '' || addressIssue(network, text) === undefined) return undefined;
  const growth = GROWTH[network.toUpperCase()];
  if (!growth) return undefined;
  return !growth.could.test(text) || text.length >= growth.longest(text)
    ? 'wrong_format'
    : undefined;
}
