-- wrk script: stop each thread after MAX responses (first argument after "--"),
-- so a run is bounded in count as well as in time (-d); count non-2xx/3xx
-- and 5xx answers.
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args)
  max_responses = tonumber(args[1] or "100000")
  responses, fivexx = 0, 0
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
