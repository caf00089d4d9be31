/**
 * The mock upstream's tables. Money is stored as INTEGER micro-units (1e-6 of the account
 * currency) so every sum is exact; prices and lots are REAL because they are quotes and
 * quantities, never balances.
 *
 * Migrations only ever add: each entry runs once, in order, and its index is recorded in
 * `schema_version`, so a data directory from an older build opens cleanly.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    uid TEXT NOT NULL UNIQUE,
    email TEXT UNIQUE,
    area_id INTEGER,
    mobile TEXT,
    password_hash TEXT NOT NULL,
    is_demo INTEGER NOT NULL DEFAULT 0,
    invite_code TEXT NOT NULL UNIQUE,
    invited_by INTEGER REFERENCES users(id),
    balance_micros INTEGER NOT NULL DEFAULT 0,
    lock_micros INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    UNIQUE (area_id, mobile)
  );
  CREATE TABLE sessions (
    token TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_user ON sessions(user_id);
  CREATE TABLE codes (
    address TEXT NOT NULL,
    purpose INTEGER NOT NULL,
    code TEXT NOT NULL,
    sent_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (address, purpose)
  );
  CREATE TABLE ledger (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    type INTEGER NOT NULL,
    value_micros INTEGER NOT NULL,
    balance_after_micros INTEGER NOT NULL,
    memo TEXT NOT NULL DEFAULT '',
    memo_key TEXT NOT NULL DEFAULT '',
    memo_params TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL
  );
  CREATE INDEX ledger_user ON ledger(user_id, id);
  CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    forex_id INTEGER NOT NULL,
    side INTEGER NOT NULL,
    lots REAL NOT NULL,
    status INTEGER NOT NULL,
    price REAL NOT NULL,
    origin_price REAL NOT NULL,
    update_price REAL NOT NULL,
    placed_price REAL NOT NULL,
    leverage INTEGER NOT NULL,
    margin_micros INTEGER NOT NULL,
    fee_micros INTEGER NOT NULL,
    profit_micros INTEGER NOT NULL DEFAULT 0,
    stop_loss REAL NOT NULL DEFAULT 0,
    take_profit REAL NOT NULL DEFAULT 0,
    close_reason TEXT,
    created_at INTEGER NOT NULL,
    completed_at INTEGER
  );
  CREATE INDEX orders_user_status ON orders(user_id, status, id);
  CREATE INDEX orders_open ON orders(status, forex_id);
  CREATE TABLE deposits (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    number TEXT NOT NULL UNIQUE,
    type INTEGER NOT NULL,
    amount_micros INTEGER NOT NULL,
    currency_code TEXT NOT NULL,
    source_id INTEGER NOT NULL,
    address TEXT NOT NULL DEFAULT '',
    proof_img TEXT NOT NULL DEFAULT '',
    status INTEGER NOT NULL DEFAULT 0,
    remark TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    reviewed_at INTEGER
  );
  CREATE INDEX deposits_user ON deposits(user_id, type, id);
  CREATE TABLE draw_methods (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    type INTEGER NOT NULL,
    draw_currency_id INTEGER NOT NULL,
    dc_address TEXT NOT NULL DEFAULT '',
    bank_name TEXT NOT NULL DEFAULT '',
    bank_address TEXT NOT NULL DEFAULT '',
    bank_swift TEXT NOT NULL DEFAULT '',
    payee_name TEXT NOT NULL DEFAULT '',
    payee_account TEXT NOT NULL DEFAULT '',
    deleted INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX draw_methods_user ON draw_methods(user_id, type);
  CREATE TABLE withdrawals (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    number TEXT NOT NULL UNIQUE,
    type INTEGER NOT NULL,
    draw_currency_id INTEGER NOT NULL,
    method_id INTEGER NOT NULL,
    amount_micros INTEGER NOT NULL,
    fee_micros INTEGER NOT NULL,
    received_micros INTEGER NOT NULL,
    memo TEXT NOT NULL DEFAULT '',
    status INTEGER NOT NULL DEFAULT 0,
    notes TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    reviewed_at INTEGER
  );
  CREATE INDEX withdrawals_user ON withdrawals(user_id, type, id);
  CREATE TABLE verifications (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    name TEXT NOT NULL,
    card_id TEXT NOT NULL,
    front_pic TEXT NOT NULL,
    reverse_pic TEXT NOT NULL,
    review_status INTEGER NOT NULL,
    reject_reason TEXT NOT NULL DEFAULT '',
    submitted_at INTEGER NOT NULL,
    reviewed_at INTEGER
  );
  CREATE TABLE uploads (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    file_name TEXT NOT NULL UNIQUE,
    mime TEXT NOT NULL,
    size INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  CREATE TABLE market_state (
    forex_id INTEGER PRIMARY KEY,
    last_price REAL NOT NULL,
    day_open REAL NOT NULL,
    market_status INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  `,
];
