'use strict';
// Drives a running server with the interface's official TypeScript SDK (built from its public source by
// ./run): customers, accounts, quotes, transactions and sandbox flows, plus the client behaviours the
// server meets halfway (comma-separated array queries, no retry of a 409 that cannot pass, typed errors).
// Prints one line per step and exits non-zero when any step fails.

const sdkDir = process.argv[2];
const { LightsparkGrid, BadRequestError, ConflictError, AuthenticationError, NotFoundError } = require(sdkDir);

const baseURL = process.env.SVC_BASE_URL;
const username = process.env.SVC_API_CLIENT_ID;
const password = process.env.SVC_API_CLIENT_SECRET;
if (!baseURL || !username || !password) {
  console.error('SVC_BASE_URL, SVC_API_CLIENT_ID and SVC_API_CLIENT_SECRET are needed (./run reads data/sandbox-credentials.env)');
  process.exit(2);
}

// Every request the SDK sends, to see what it retries.
const sent = [];
const countingFetch = (url, init) => {
  sent.push(`${init.method} ${new URL(url).pathname}${new URL(url).search}`);
  return fetch(url, init);
};
const client = new LightsparkGrid({ baseURL, username, password, fetch: countingFetch, maxRetries: 2 });

const results = [];
async function step(name, body) {
  try {
    const note = await body();
    results.push({ name, ok: true });
    console.log(`ok    ${name}${note ? ` (${note})` : ''}`);
  } catch (e) {
    results.push({ name, ok: false });
    console.log(`FAIL  ${name}: ${e && e.message ? e.message.split('\n')[0] : e}`);
  }
}
function check(condition, why) {
  if (!condition) throw new Error(why);
}
async function expectError(kind, call) {
  try {
    await call();
  } catch (e) {
    check(e instanceof kind, `expected ${kind.name}, got ${e && e.constructor && e.constructor.name}: ${e && e.message}`);
    return e;
  }
  throw new Error(`expected ${kind.name}, the call succeeded`);
}
async function all(page) {
  const items = [];
  for await (const item of page) items.push(item);
  return items;
}
const unique = () => `sdk-${Date.now()}-${Math.floor(Math.random() * 1e6)}-ref`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function newCustomer(currencies, fullName) {
  await client.config.update({ sandboxSkipVerificationPaperwork: true });
  try {
    // The SDK wraps the body in the name of the reference's request schema.
    return await client.customers.create({ CreateCustomerRequest: {
      customerType: 'INDIVIDUAL', platformCustomerId: unique(), region: 'US', currencies, fullName,
      birthDate: '1990-01-15', nationality: 'US', email: 'sdk@example.com',
      address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '73301', country: 'US' },
      agreementConsents: [{ type: 'END_USER_TERMS', version: 'V1', acceptedAt: '2025-10-13T12:00:00Z',
        ipAddress: '198.51.100.24', acceptanceMethod: 'CHECKBOX' }],
    } });
  } finally {
    await client.config.update({ sandboxSkipVerificationPaperwork: false });
  }
}
async function accountOf(customerId, currency) {
  for (let i = 0; i < 50; i++) {
    const accounts = await all(client.customers.listInternalAccounts({ customerId, currency }));
    const active = accounts.find((a) => a.status === 'ACTIVE');
    if (active) return active;
    await sleep(100);
  }
  throw new Error(`no ACTIVE ${currency} account for ${customerId}`);
}
async function awaitTransaction(id, status) {
  let last;
  for (let i = 0; i < 100; i++) {
    last = await client.transactions.retrieve(id);
    if (last.status === status) return last;
    await sleep(100);
  }
  throw new Error(`transaction ${id} stayed ${last && last.status}`);
}

(async () => {
  let payer, payee, usd, mxn, bank, quote;
  await step('config.retrieve', async () => {
    const config = await client.config.retrieve();
    check(Array.isArray(config.supportedCurrencies), 'no supportedCurrencies');
  });
  await step('customers.create / retrieve / update', async () => {
    payer = await newCustomer(['USD'], 'Sam Sdk');
    check(payer.id.startsWith('Customer:') && payer.kycStatus === 'APPROVED', JSON.stringify(payer));
    check((await client.customers.retrieve(payer.id)).id === payer.id, 'retrieve');
    const updated = await client.customers.update(payer.id, { UpdateCustomerRequest: { customerType: 'INDIVIDUAL', email: 'sam@example.com' } });
    check(updated.email === 'sam@example.com', 'update');
    payee = await newCustomer(['MXN'], 'Paula Payee');
  });
  await step('customers.list auto-paging', async () => {
    const listed = await all(client.customers.list({ limit: 1, platformCustomerId: payer.platformCustomerId }));
    check(listed.length === 1 && listed[0].id === payer.id, `listed ${listed.length}`);
    return `${listed.length} customer`;
  });
  await step('customers.listInternalAccounts + sandbox.internalAccounts.fund', async () => {
    usd = await accountOf(payer.id, 'USD');
    mxn = await accountOf(payee.id, 'MXN');
    const funded = await client.sandbox.internalAccounts.fund(usd.id, { amount: 100000 });
    check(funded.balance.amount === 100000, JSON.stringify(funded.balance));
  });
  await step('customers.externalAccounts.create / list', async () => {
    bank = await client.customers.externalAccounts.create({
      customerId: payer.id, currency: 'USD',
      accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '123456789000', routingNumber: '021000021',
        paymentRails: ['ACH'],
        beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Sam Sdk', birthDate: '1990-01-15', nationality: 'US',
          address: { line1: '1 Main St', postalCode: '73301', country: 'US' } } },
    });
    const listed = await all(client.customers.externalAccounts.list({ customerId: payer.id }));
    check(listed.some((a) => a.id === bank.id), 'not listed');
  });
  await step('receiver.lookupExternalAccount', async () => {
    const lookup = await client.receiver.lookupExternalAccount(bank.id, { customerId: payer.id });
    check(lookup.supportedCurrencies && lookup.supportedCurrencies.length > 0, JSON.stringify(lookup));
  });
  await step('exchangeRates.list with two destination currencies (comma-separated)', async () => {
    const rates = await client.exchangeRates.list({ sourceCurrency: 'USD', destinationCurrency: ['MXN', 'EUR'] });
    const currencies = new Set(rates.data.map((r) => r.destinationCurrency.code));
    check(currencies.has('MXN') && currencies.has('EUR') && currencies.size === 2, [...currencies].join(','));
    check(sent.some((line) => line.includes('destinationCurrency=MXN%2CEUR') || line.includes('destinationCurrency=MXN,EUR')),
      'the SDK sent another array format');
  });
  await step('quotes.create / execute / retrieve (USD -> MXN)', async () => {
    quote = await client.quotes.create({ source: { sourceType: 'ACCOUNT', accountId: usd.id },
      destination: { destinationType: 'ACCOUNT', accountId: mxn.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 10000 });
    check(quote.status === 'PENDING' && quote.transactionId, JSON.stringify(quote));
    const executed = await client.quotes.execute(quote.id);
    check(['PROCESSING', 'COMPLETED'].includes(executed.status), executed.status);
    check((await client.quotes.retrieve(quote.id)).id === quote.id, 'retrieve');
    await awaitTransaction(quote.transactionId, 'COMPLETED');
  });
  await step('a second execute: ConflictError, not retried', async () => {
    const before = sent.length;
    const error = await expectError(ConflictError, () => client.quotes.execute(quote.id));
    check(error.status === 409, `status ${error.status}`);
    check(sent.length - before === 1, `${sent.length - before} requests for one call: the 409 was retried`);
  });
  await step('quotes.list / transactions.list / transactions.retrieve', async () => {
    const quotes = await all(client.quotes.list({ customerId: payer.id }));
    check(quotes.some((q) => q.id === quote.id), 'quote not listed');
    const transactions = await all(client.transactions.list({ customerId: payer.id, limit: 1 }));
    check(transactions.length >= 2, `${transactions.length} transactions (funding and payment)`);
    const payment = await client.transactions.retrieve(quote.transactionId);
    check(payment.status === 'COMPLETED' && payment.type === 'OUTGOING', JSON.stringify(payment));
  });
  await step('transferOut.create to the bank account', async () => {
    const out = await client.transferOut.create({ source: { accountId: usd.id }, destination: { accountId: bank.id }, amount: 500 },
      { idempotencyKey: unique() });
    check(out.id && out.id.startsWith('Transaction:'), JSON.stringify(out));
  });
  await step('sandbox.sendFunds for a realtime-funded quote', async () => {
    const realtime = await client.quotes.create({ source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: payer.id },
      destination: { destinationType: 'ACCOUNT', accountId: mxn.id }, lockedCurrencySide: 'RECEIVING', lockedCurrencyAmount: 1000 });
    const sentFunds = await client.sandbox.sendFunds({ quoteId: realtime.id, currencyCode: 'USD' });
    check(sentFunds.id === realtime.transactionId, JSON.stringify(sentFunds));
    await awaitTransaction(realtime.transactionId, 'COMPLETED');
  });
  await step('sandbox.uma.receivePayment', async () => {
    const received = await client.sandbox.uma.receivePayment({ senderUmaAddress: '$success.usd@sandbox.uma.money',
      receiverUmaAddress: payer.umaAddress, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 1000 });
    check(received.id && received.type === 'INCOMING', JSON.stringify(received));
  });
  await step('typed errors: BadRequestError, NotFoundError, AuthenticationError', async () => {
    const bad = await expectError(BadRequestError, () => client.quotes.create({ source: { sourceType: 'ACCOUNT', accountId: usd.id } }));
    check(bad.error && bad.error.code === 'INVALID_INPUT', JSON.stringify(bad.error));
    await expectError(NotFoundError, () => client.customers.retrieve('Customer:00000000-0000-7000-8000-000000000000'));
    const stranger = new LightsparkGrid({ baseURL, username, password: 'wrong', maxRetries: 0 });
    await expectError(AuthenticationError, () => stranger.config.retrieve());
  });
  await step('tokens.list / umaProviders.list / invitations.create+retrieve', async () => {
    check((await all(client.tokens.list())).length >= 1, 'no tokens');
    await all(client.umaProviders.list({ limit: 5 }));
    const invitation = await client.invitations.create({ inviterUma: payer.umaAddress });
    check((await client.invitations.retrieve(invitation.code)).code === invitation.code, 'invitation');
  });

  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} of ${results.length} steps passed; ${sent.length} requests sent`);
  process.exit(failed === 0 ? 0 : 1);
})();
