/** An amount not known yet (SPEC §9 writes a missing figure as "--"). */
export const NO_AMOUNT = '--';
/** An amount the user chose to hide. */
export const HIDDEN_AMOUNT = '****';
