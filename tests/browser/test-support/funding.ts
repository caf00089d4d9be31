import { crc32, deflateSync } from 'node:zlib';
import type { Verification } from '@pipstream/protocol';
import type { Locator, Page } from 'playwright-core';
import type { Stack } from './stack.js';

/** One PNG chunk: length, type, data and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG of `size`×`size` pixels of one RGB colour, made here rather than read from a
 * file: what a user's photo is to the upload (the mock checks the signature, not the picture).
 */
export function solidPng(size: number, rgb: readonly [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // colour type: RGB
  // Each scanline: filter type 0, then the pixels.
  const line = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill(rgb).flat())]);
  const pixels = Buffer.concat(Array(size).fill(line));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An image as a file input takes it (`setInputFiles`). */
export function pngFile(name: string, rgb: readonly [number, number, number] = [0, 128, 255]) {
  return { name, mimeType: 'image/png', buffer: solidPng(1, rgb) };
}

/** A deposit as the mock's control API lists it (`GET /deposits`). */
export interface ControlDeposit {
  readonly id: number;
  readonly number: string;
  readonly uid: string;
  readonly type: number;
  readonly amount: string;
  readonly currency_code: string;
  readonly status: number;
}

/** The user's deposits, newest first, as the desk sees them. */
export function depositsOf(stack: Stack, uid: string): Promise<ControlDeposit[]> {
  return stack.control<ControlDeposit[]>(`/deposits?uid=${encodeURIComponent(uid)}`);
}

/** The user's only deposit; fails when there is none or several. */
export async function onlyDeposit(stack: Stack, uid: string): Promise<ControlDeposit> {
  const deposits = await depositsOf(stack, uid);
  const [deposit] = deposits;
  if (!deposit || deposits.length !== 1) {
    throw new Error(`expected one deposit of ${uid}, found ${deposits.length}`);
  }
  return deposit;
}

/** The desk approves (credits) or rejects a pending deposit; resolves the user's balance. */
export async function reviewDeposit(stack: Stack, id: number, approve: boolean, remark?: string) {
  const reviewed = await stack.control<{ balance: string }>('/deposits/review', {
    id,
    approve,
    ...(remark === undefined ? {} : { remark }),
  });
  return reviewed.balance;
}

/** Uploads a PNG as the user of `token` (a precondition); resolves its URL. */
export async function uploadPng(stack: Stack, token: string, name = 'image.png'): Promise<string> {
  const file = pngFile(name);
  const answer = await stack.apiAs(token).call('imageUpload', {
    file: new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }),
  });
  return answer.url;
}

/**
 * Declares `count` coin deposits through the API on the first network (preconditions for the
 * history's paging), each with its own proof.
 */
export async function declareCoinDeposits(stack: Stack, token: string, count: number) {
  const api = stack.apiAs(token);
  const [network] = await api.call('chargeSymbols');
  if (!network) throw new Error('the mock offers no deposit network');
  for (let n = 1; n <= count; n++) {
    await api.call('chargeSubmit', {
      number: String(n),
      proofImg: await uploadPng(stack, token),
      address: network.address,
      charge_id: network.id,
    });
  }
}

/** Declares one bank deposit through the API to the first USD account. */
export async function declareBankDeposit(stack: Stack, token: string, amount: string) {
  const api = stack.apiAs(token);
  const [currency] = await api.call('chargeInfo');
  if (!currency) throw new Error('the mock offers no bank deposit currency');
  const [bank] = await api.call('chargeWireInfo', { bank_coin: currency.id });
  if (!bank) throw new Error(`the mock offers no bank for ${currency.name}`);
  await api.call('chargeWireSubmit', {
    number: amount,
    proofImg: await uploadPng(stack, token),
    wire_id: bank.id,
  });
}

/**
 * Submits a real-name verification through the API (a precondition), both images uploaded;
 * resolves the images' URLs.
 */
export async function submitVerification(
  stack: Stack,
  token: string,
  form: { readonly name: string; readonly cardId: string },
): Promise<{ readonly front: string; readonly back: string }> {
  const front = await uploadPng(stack, token, 'front.png');
  const back = await uploadPng(stack, token, 'back.png');
  await stack.apiAs(token).call('realName', {
    name: form.name,
    card_id: form.cardId,
    front_pic: front,
    reverse_pic: back,
  });
  return { front, back };
}

/** The reviewer approves, or rejects with `reason`, the user's waiting verification. */
export function reviewVerification(
  stack: Stack,
  uid: string,
  approve: boolean,
  reason?: string,
): Promise<Verification> {
  return stack.control<Verification>('/verification/review', {
    uid,
    approve,
    ...(reason === undefined ? {} : { reason }),
  });
}

/** The image field named `label` (a group: picker, or preview with replace and remove). */
export function imageField(page: Page, label: string): Locator {
  return page.getByRole('group', { name: label, exact: true });
}

/**
 * Picks `file` in the image field named `label` (through its "Replace" picker when it already
 * shows an image) and waits until it is uploaded: the picked file is previewed and
 * "Uploading…" has gone (both appear together when the file is picked).
 */
export async function pickImage(
  page: Page,
  label: string,
  file: ReturnType<typeof pngFile>,
  { replacing = false }: { readonly replacing?: boolean } = {},
): Promise<void> {
  const field = imageField(page, label);
  await field.getByLabel(replacing ? 'Replace' : label, { exact: true }).setInputFiles(file);
  // The picked file shows from a local object URL, whatever was shown before.
  const preview = field.getByRole('img', { name: label, exact: true });
  await preview.and(page.locator('img[src^="blob:"]')).waitFor();
  await field.getByText('Uploading…', { exact: true }).waitFor({ state: 'hidden' });
}

/** The `field-error` messages on show, in page order. */
export function fieldErrors(page: Page): Locator {
  return page.locator('.field-error');
}
