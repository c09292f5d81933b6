# Addressable answers for scripts/differential/writing-addressable.ts. One request per line: an op
# and its fields, tab-separated, each field Base64 of UTF-8; one answer per line, "ok" and Base64 of the
# answer's JSON, or "error" and Base64 of the message.
#   display_uri S      -> Addressable::URI.parse(S).display_uri.to_s
#   heuristic_parse S  -> Addressable::URI.heuristic_parse(S).to_s
#   origin S           -> Addressable::URI.parse(S).origin
#   query_values S     -> Addressable::URI.parse(S).query_values(Array)
#   normalized_host S  -> Addressable::URI.parse(S).normalized_host
#   join B R           -> Addressable::URI.join(B, R).to_s
require "base64"
require "json"
require "addressable/uri"

def scrub(v)
  case v
  when String then v.dup.force_encoding(Encoding::UTF_8).scrub("\uFFFD")
  when Array then v.map { |x| scrub(x) }
  else v
  end
end

def field(s)
  Base64.strict_decode64(s).force_encoding(Encoding::UTF_8)
end

def answer(f)
  case f[0]
  when "display_uri" then Addressable::URI.parse(field(f[1])).display_uri.to_s
  when "heuristic_parse" then Addressable::URI.heuristic_parse(field(f[1])).to_s
  when "origin" then Addressable::URI.parse(field(f[1])).origin
  when "query_values" then Addressable::URI.parse(field(f[1])).query_values(Array)
  when "normalized_host" then Addressable::URI.parse(field(f[1])).normalized_host
  when "join" then Addressable::URI.join(field(f[1]), field(f[2])).to_s
  else raise ArgumentError, "unknown op #{f[0]}"
  end
end

$stdout.sync = false
STDIN.each_line do |line|
  f = line.chomp.split("\t", -1)
  begin
    a = scrub(answer(f))
    puts "ok\t#{Base64.strict_encode64(JSON.generate(a))}"
  rescue StandardError => e
    puts "error\t#{Base64.strict_encode64(e.message.to_s.dup.force_encoding(Encoding::UTF_8).scrub)}"
  end
end
$stdout.flush
