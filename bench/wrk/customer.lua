-- POST /customers with a fresh platformCustomerId each time.
package.path = os.getenv("BENCH_WRK_DIR") .. "/?.lua;" .. package.path
local common = require("common")

function init(args)
  math.randomseed(os.time() + (_G.thread_id or 0) * 104729)
end

function request()
  local body = '{"customerType":"INDIVIDUAL","platformCustomerId":"bench-' .. common.next_id() .. '",'
    .. '"region":"US","currencies":["USD"],"fullName":"Bench Customer","birthDate":"1990-01-15",'
    .. '"nationality":"US","email":"bench@example.com"}'
  return wrk.format("POST", common.base .. "/customers", common.headers(), body)
end
