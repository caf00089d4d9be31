import { describe, expect, it } from 'vitest';
import {
  bitcoinAddress,
  ethereumAddress,
  tronAddress,
} from '../mock/wallet/test-support/addresses.js';
import { addressIssue, addressIssueWhileTyping, knowsAddressFormat } from './address.js';

describe('addressIssue', () => {
  it.each<[string, string]>([
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['TRC20', tronAddress(1)],
    ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['ERC20', '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359'],
    ['ERC20', ethereumAddress(1)],
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['BTC', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'],
    ['BTC', bitcoinAddress(1)],
    ['btc', ` ${bitcoinAddress(2)} `],
    // A network without a known format is not checked.
    ['SOL', 'anything'],
  ])('accepts %s %s', (network, address) => {
    expect(addressIssue(network, address)).toBeUndefined();
  });

  it.each<[string, string]>([
    // A made-up 37-character "TRC20" address.
    ['TRC20', `T${'x'.repeat(36)}`],
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'],
    ['TRC20', ethereumAddress(1)],
    ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
    ['ERC20', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae'],
    ['ERC20', tronAddress(1)],
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
    ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['BTC', 'bc1Qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
    ['BTC', 'bc1qexample'],
  ])('refuses %s %s', (network, address) => {
    expect(addressIssue(network, address)).toBe('wrong_format');
  });

  it('says an empty address is empty, whatever the network', () => {
    expect(addressIssue('TRC20', '  ')).toBe('empty');
    expect(addressIssue('SOL', '')).toBe('empty');
  });

  it('knows the networks the mock lists', () => {
    for (const network of ['TRC20', 'ERC20', 'BTC', 'erc20']) {
      expect(knowsAddressFormat(network)).toBe(true);
    }
    expect(knowsAddressFormat('SOL')).toBe(false);
  });
});

describe('addressIssueWhileTyping', () => {
  it.each<[string, string]>([
    // Every start of a valid address may still become it.
    ...['T', 'TR7NHq', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'].map(
      (t) => ['TRC20', t] as [string, string],
    ),
    ...['0', '0x', '0x5aAeb6053F3E94C9b9A0'].map((t) => ['ERC20', t] as [string, string]),
    ...[
      '1A1zP1eP5Q',
      'b',
      'bc',
      'bc1',
      'BC1QW508',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t',
    ].map((t) => ['BTC', t] as [string, string]),
    // A complete valid one, and a network with no known format.
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['SOL', 'x'],
    ['TRC20', ''],
  ])('lets %s %s go on', (network, text) => {
    expect(addressIssueWhileTyping(network, text)).toBeUndefined();
  });

  it.each<[string, string]>([
    // A start the format never has, or a character it never holds.
    ['TRC20', 'X'],
    ['TRC20', 'T0'],
    ['ERC20', '0y'],
    ['ERC20', '0x5g'],
    ['BTC', '2A'],
    ['BTC', 'bc1b'],
    ['BTC', 'bC1'],
    // As long as the longest form and still wrong: a mistyped last character.
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'],
    ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
    // Longer than any: the made-up 37 characters.
    ['TRC20', `T${'Q'.repeat(36)}`],
  ])('stops %s %s at once', (network, text) => {
    expect(addressIssueWhileTyping(network, text)).toBe('wrong_format');
  });
});
