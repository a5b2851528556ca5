-- wrk script for cold requests: every request gets an address of its own,
-- so no cache answers.  Arguments after "--": MAX responses per thread, and
-- the mode: "date" appends as_of=<a new day> (rule pages: the page cache and
-- the cached page body are keyed by the reading date), "nonce" appends
-- _cold=<n> (pages that take any parameter: search), "field=NAME" appends
-- NAME=<a new number from 1 to 99999> (a calculator ruling: a table of its
-- own every request; the calculator answers a parameter that names no
-- field, such as _cold, with 400).  Headers given to wrk (-H) are sent.
local threads = {}
function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end
function init(args)
  max_responses = tonumber(args[1] or "100000")
  mode = args[2] or "nonce"
  responses, fivexx, counter = 0, 0, 0
  separator = string.find(wrk.path, "?", 1, true) and "&" or "?"
  math.randomseed(os.time() * 7919 + (id or 0) * 104729 + math.floor(os.clock() * 1000000))
  for _ = 1, 10 do math.random() end
  start = math.random(0, 2000000000)
  first, second = string.match(string.sub(mode, 7), "^([^,]+),?(.*)$")
  second_value = 1 + math.random(0, 99998)
end
function request()
  counter = counter + 1
  local n = start + counter
  local suffix
  if mode == "date" then
    suffix = "as_of=" .. os.date("!%Y-%m-%d", 946684800 + (n % 2900000) * 86400)
  elseif string.sub(mode, 1, 6) == "field=" then
    suffix = first .. "=" .. (1 + counter % 99999)
    if second ~= "" then
      local value = 1 + (second_value + math.floor(counter / 99999)) % 99999
      suffix = suffix .. "&" .. second .. "=" .. value
    end
  else
    suffix = "_cold=" .. n
  end
  return wrk.format("GET", wrk.path .. separator .. suffix)
end
function response(status, headers, body)
  responses = responses + 1
  if status >= 500 then fivexx = fivexx + 1 end
  if responses >= max_responses then wrk.thread:stop() end
end
function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("fivexx") end
  io.write(string.format("5xx responses: %d\n", total))
end
