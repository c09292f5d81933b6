# Addressable answers for scripts/differential/caps-addressable.ts. One request per line: an op
# and its fields, tab-separated, each field Base64 of UTF-8; one answer per line, "ok" and Base64
# of the answer's JSON, or "error" and Base64 of the exception's class.
#   parts S          -> [site, inferred_port, ip_based?, basename, extname] of Addressable::URI.parse(S)
#   encode S         -> Addressable::URI.normalized_encode(S)
#   encode_class S C -> Addressable::URI.encode_component(S, C)
#   unencode S L     -> Addressable::URI.unencode(S, String, L)
#   convert_path P   -> Addressable::URI.convert_path(P).to_s
#   match T U        -> Addressable::Template.new(T).match(U)&.mapping
require "base64"
require "json"
require "addressable/uri"
require "addressable/template"

def field(s)
  Base64.strict_decode64(s).force_encoding(Encoding::UTF_8)
end

def answer(f)
  case f[0]
  when "parts"
    u = Addressable::URI.parse(field(f[1]))
    [u.site, u.inferred_port, u.ip_based?, u.basename, u.extname]
  when "encode" then Addressable::URI.normalized_encode(field(f[1]))
  when "encode_class" then Addressable::URI.encode_component(field(f[1]), field(f[2]))
  when "unencode" then Addressable::URI.unencode(field(f[1]), String, field(f[2]))
  when "convert_path" then Addressable::URI.convert_path(field(f[1])).to_s
  when "match"
    m = Addressable::Template.new(field(f[1])).match(field(f[2]))
    m&.mapping
  else raise ArgumentError, "unknown op #{f[0]}"
  end
end

STDIN.each_line do |line|
  f = line.chomp.split("\t", -1)
  begin
    a = answer(f)
    puts "ok\t#{Base64.strict_encode64(JSON.generate(a))}"
  rescue StandardError => e
    puts "error\t#{Base64.strict_encode64(e.class.name)}"
  end
end
