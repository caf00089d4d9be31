/**
 * Payout addresses that pass their network's checks (schemas/address.ts), made from a number so
 * each test can have its own: what a user would paste from a real wallet.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { base58check, bech32 } from '@scure/base';

/** 20 bytes that differ with `seed`. */
function payload(seed: number): Uint8Array {
  return sha256(new TextEncoder().encode(`pipstream-${seed}`)).slice(0, 20);
}

/** A TRON (TRC20) address: 0x41 and 20 bytes, base58check. */
export function tronAddress(seed: number): string {
  return base58check(sha256).encode(Uint8Array.from([0x41, ...payload(seed)]));
}

/** An Ethereum (ERC20) address in lower case, which carries no checksum. */
export function ethereumAddress(seed: number): string {
  return `0x${[...payload(seed)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** A Bitcoin segwit v0 address (bc1q…) of a 20-byte program. */
export function bitcoinAddress(seed: number): string {
  return bech32.encode('bc', [0, ...bech32.toWords(payload(seed))]);
}
