-- Same-currency transfers between random seeded accounts: POST /quotes with immediatelyExecute.
-- With BENCH_HOT=1 every transfer credits one hot account.
package.path = os.getenv("BENCH_WRK_DIR") .. "/?.lua;" .. package.path
local common = require("common")
local hot = os.getenv("BENCH_HOT") == "1"

function init(args)
  math.randomseed(os.time() + (_G.thread_id or 0) * 7919)
end

function request()
  local accounts = common.data.accounts
  local source = common.pick(accounts)
  local destination = hot and common.data.hot or common.pick(accounts)
  while destination == source do
    destination = common.pick(accounts)
  end
  local body = '{"source":{"sourceType":"ACCOUNT","accountId":"' .. source .. '"},'
    .. '"destination":{"destinationType":"ACCOUNT","accountId":"' .. destination .. '"},'
    .. '"lockedCurrencySide":"SENDING","lockedCurrencyAmount":' .. math.random(1, 100) .. ',"immediatelyExecute":true}'
  return wrk.format("POST", common.base .. "/quotes", common.headers(), body)
end
