// java.net.URI answers for scripts/differential/writing-java.ts and caps-java.ts. One request per line: an op and its
// fields, tab-separated, each field Base64 of UTF-8 ("-" for null); one answer per line.
//   server  S                       -> "server" | "registry" (parseServerAuthority) | "error\tMSG"
//   compare A B                     -> signum(compareTo) "\t" equals | "error\tMSG"
//   new7    scheme userInfo host port path query fragment   -> "ok\tS" | "error\tMSG"
//   new5    scheme authority path query fragment            -> "ok\tS" | "error\tMSG"
//   new4    scheme host path fragment                       -> "ok\tS" | "error\tMSG"
//   resolve B R                     -> "ok\tS" | "error\tMSG"
//   get     S                       -> "ok" getAuthority() getSchemeSpecificPart() hashCode() toURL(), tab-separated
//                                      (strings Base64, "-" for null; toURL as "ok:URL" or "error:CLASS:MESSAGE")
// S and MSG are Base64 too. Build: javac -d DIR WritingOracle.java; run: java -cp DIR WritingOracle
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

public class WritingOracle {
    static String in(String field) {
        return field.equals("-") ? null : new String(Base64.getDecoder().decode(field), StandardCharsets.UTF_8);
    }

    static String out(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    static String outOrNull(String s) {
        return s == null ? "-" : out(s);
    }

    static String answer(String[] f) throws Exception {
        switch (f[0]) {
            case "server": {
                URI u = new URI(in(f[1]));
                try {
                    u.parseServerAuthority();
                    return "server";
                } catch (URISyntaxException e) {
                    return "registry";
                }
            }
            case "compare": {
                URI a = new URI(in(f[1]));
                URI b = new URI(in(f[2]));
                return Integer.signum(a.compareTo(b)) + "\t" + a.equals(b);
            }
            case "new7": {
                String port = in(f[4]);
                return "ok\t" + out(new URI(in(f[1]), in(f[2]), in(f[3]), port == null ? -1 : Integer.parseInt(port), in(f[5]), in(f[6]), in(f[7])).toString());
            }
            case "new5":
                return "ok\t" + out(new URI(in(f[1]), in(f[2]), in(f[3]), in(f[4]), in(f[5])).toString());
            case "new4":
                return "ok\t" + out(new URI(in(f[1]), in(f[2]), in(f[3]), in(f[4])).toString());
            case "resolve":
                return "ok\t" + out(new URI(in(f[1])).resolve(new URI(in(f[2]))).toString());
            case "get": {
                URI u = new URI(in(f[1]));
                String url;
                try {
                    url = "ok:" + u.toURL().toString();
                } catch (Exception e) {
                    url = "error:" + e.getClass().getSimpleName() + ":" + e.getMessage();
                }
                return "ok\t" + outOrNull(u.getAuthority()) + "\t" + outOrNull(u.getSchemeSpecificPart()) + "\t" + u.hashCode() + "\t" + out(url);
            }
            default:
                throw new IllegalArgumentException("unknown op " + f[0]);
        }
    }

    public static void main(String[] args) throws Exception {
        BufferedReader r = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream w = new PrintStream(System.out, false, "UTF-8");
        for (String line; (line = r.readLine()) != null; ) {
            String a;
            try {
                a = answer(line.split("\t", -1));
            } catch (Exception e) {
                a = "error\t" + out(String.valueOf(e.getMessage()));
            }
            w.println(a);
        }
        w.flush();
    }
}
