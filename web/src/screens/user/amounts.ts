/** An amount not known yet (docs/product.md#constants writes a missing figure as "--"). */
export const NO_AMOUNT = '--';
/** An amount the user chose to hide. */
export const HIDDEN_AMOUNT = '****';
