/** Funds that tests and benches put on an account as a precondition, the way a trader does. */
import type { RestClient } from '../client/rest.js';
import type { Routes } from '../routes/table.js';
import { FUNDS_TAB } from '../schemas/wallet.js';

/** The smallest valid PNG, a 1×1 transparent pixel: the proof a deposit needs. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * Declares a coin deposit of `amount` on the first network offered, with a proof image uploaded
 * first, as the deposit screen does. Resolves the record (still awaiting review) and the
 * proof's URL.
 */
export async function declareCoinDeposit(api: Pick<RestClient<Routes>, 'call'>, amount: string) {
  const proof = await api.call('imageUpload', {
    file: new Blob([PNG_1X1], { type: 'image/png' }),
  });
  const [network] = await api.call('chargeSymbols');
  if (!network) throw new Error('the mock offers no deposit network');
  await api.call('chargeSubmit', {
    number: amount,
    proofImg: proof.url,
    address: network.address,
    charge_id: network.id,
  });
  const [deposit] = (await api.call('chargeHistory', { type: FUNDS_TAB.COIN })).data;
  if (!deposit) throw new Error('the deposit was not recorded');
  return { deposit, proofUrl: proof.url };
}
