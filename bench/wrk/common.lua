-- Shared by the scenarios: the seeded ids (BENCH_DATA, a Lua file returning a table), Basic auth
-- (BENCH_AUTH) and the API's base path.
local data = dofile(os.getenv("BENCH_DATA"))
local auth = os.getenv("BENCH_AUTH")
local base = "/2025-10-13"
local threads_created = 0
local counter = 0

local threads = {}

-- Runs in the main Lua state; each worker thread gets its number as the global thread_id.
function setup(thread)
  thread:set("thread_id", threads_created)
  threads_created = threads_created + 1
  table.insert(threads, thread)
end

local function headers()
  return { ["Authorization"] = "Basic " .. auth, ["Content-Type"] = "application/json" }
end

local function pick(list)
  return list[math.random(#list)]
end

local function next_id()
  counter = counter + 1
  return tostring(_G.thread_id or 0) .. "-" .. tostring(counter) .. "-" .. tostring(math.random(1000000000))
end

-- The first answers that were not 2xx, per worker thread: the bench prints them beside the error count.
error_samples = ""
local samples = 0
function response(status, headers, body)
  if status >= 300 and samples < 3 then
    samples = samples + 1
    error_samples = error_samples .. "error-sample: " .. status .. " " .. string.sub(body or "", 1, 300) .. "\n"
  end
end

function done(summary, latency, requests)
  for _, thread in ipairs(threads) do
    io.write(thread:get("error_samples") or "")
  end
end

return { data = data, base = base, headers = headers, pick = pick, next_id = next_id }
