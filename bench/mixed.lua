-- wrk script for the mixed load: each thread walks the addresses listed in
-- the file named by the first argument after "--" (one path a line), from
-- its own starting point; counts answers by status class.
local threads = {}
function setup(thread)
  thread:set("offset", #threads * 7)
  table.insert(threads, thread)
end
function init(args)
  paths = {}
  for line in io.lines(args[1]) do
    if line ~= "" then table.insert(paths, line) end
  end
  index = offset or 0
  c2xx, c3xx, c4xx, c5xx = 0, 0, 0, 0
end
function request()
  index = index + 1
  return wrk.format("GET", paths[(index % #paths) + 1])
end
function response(status, headers, body)
  if status >= 500 then c5xx = c5xx + 1
  elseif status >= 400 then c4xx = c4xx + 1
  elseif status >= 300 then c3xx = c3xx + 1
  else c2xx = c2xx + 1 end
end
function done(summary, latency, requests)
  local totals = {0, 0, 0, 0}
  for _, thread in ipairs(threads) do
    totals[1] = totals[1] + thread:get("c2xx")
    totals[2] = totals[2] + thread:get("c3xx")
    totals[3] = totals[3] + thread:get("c4xx")
    totals[4] = totals[4] + thread:get("c5xx")
  end
  io.write(string.format("status classes: 2xx %d, 3xx %d, 4xx %d, 5xx %d\n",
                         totals[1], totals[2], totals[3], totals[4]))
  io.write(string.format("5xx responses: %d\n", totals[4]))
end
