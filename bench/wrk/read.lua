-- GET /transactions/{id} over the seeded transactions.
package.path = os.getenv("BENCH_WRK_DIR") .. "/?.lua;" .. package.path
local common = require("common")

function request()
  return wrk.format("GET", common.base .. "/transactions/" .. common.pick(common.data.transactions), common.headers())
end
