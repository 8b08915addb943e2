package payments.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A .dockerignore file read with Docker's rules (moby's patternmatcher, as its documentation states
 * them): one pattern a line, {@code #} comments, a leading {@code !} for an exception, paths cleaned and
 * taken from the context's root; {@code *} and {@code ?} stay within one path element, {@code **} spans
 * any number of them; a pattern also matches every path under a directory it matches; the last
 * matching line decides.
 */
final class DockerIgnore {

    private record Rule(Pattern pattern, boolean exception) {
    }

    private final List<Rule> rules = new ArrayList<>();

    DockerIgnore(List<String> lines) {
        for (String line : lines) {
            String text = line.strip();
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            boolean exception = text.startsWith("!");
            String pattern = clean(exception ? text.substring(1).strip() : text);
            rules.add(new Rule(Pattern.compile(regex(pattern)), exception));
        }
    }

    /** Whether Docker leaves {@code path} (relative to the context, with {@code /}) out of the build context. */
    boolean excludes(String path) {
        String file = clean(path);
        List<String> parents = new ArrayList<>();
        int slash = -1;
        while ((slash = file.indexOf('/', slash + 1)) >= 0) {
            parents.add(file.substring(0, slash));
        }
        boolean excluded = false;
        for (Rule rule : rules) {
            boolean match = rule.pattern().matcher(file).matches()
                    || parents.stream().anyMatch(parent -> rule.pattern().matcher(parent).matches());
            if (match) {
                excluded = !rule.exception();
            }
        }
        return excluded;
    }

    private static String clean(String path) {
        String cleaned = path.replaceAll("/+", "/");
        while (cleaned.startsWith("/") || cleaned.startsWith("./")) {
            cleaned = cleaned.substring(cleaned.startsWith("/") ? 1 : 2);
        }
        while (cleaned.endsWith("/") && cleaned.length() > 1) {
            cleaned = cleaned.substring(0, cleaned.length() - 1);
        }
        return cleaned;
    }

    private static String regex(String pattern) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '*') {
                if (i + 1 < pattern.length() && pattern.charAt(i + 1) == '*') {
                    i++;
                    if (i + 1 < pattern.length() && pattern.charAt(i + 1) == '/') {
                        i++;
                        regex.append("(.*/)?");
                    } else {
                        regex.append(".*");
                    }
                } else {
                    regex.append("[^/]*");
                }
            } else if (c == '?') {
                regex.append("[^/]");
            } else if (c == '\\' && i + 1 < pattern.length()) {
                regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
            } else if (c == '[') {
                int end = pattern.indexOf(']', i);
                regex.append(end < 0 ? Pattern.quote("[") : pattern.substring(i, end + 1).replace("[!", "[^"));
                i = end < 0 ? i : end;
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return regex.toString();
    }
}
