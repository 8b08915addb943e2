package payments.common;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Values left as an example's placeholder (the Kubernetes example's {@code change-me}, "password",
 * "xxxx"): a credential an attacker would try first, so production refuses to start with one. The
 * value itself is never repeated in the problem (a real secret that merely looks like one stays unprinted).
 */
public final class Placeholders {

    private static final Set<String> WHOLE = Set.of("secret", "password", "passwd", "pass", "admin", "root", "default",
            "example", "sample", "test", "todo", "tbd", "none", "null", "empty", "key", "token", "clientid", "clientsecret");
    private static final List<String> PARTS = List.of("changeme", "replaceme", "placeholder", "yoursecret", "yourpassword",
            "yourkey", "yourtoken", "fillmein");

    private Placeholders() {
    }

    /** Whether {@code value} is a placeholder rather than a chosen value. */
    public static boolean is(String value) {
        String letters = value.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        if (letters.isEmpty() || letters.chars().distinct().count() == 1) {
            return true;
        }
        return WHOLE.contains(letters) || PARTS.stream().anyMatch(letters::contains);
    }

    /** A problem for each setting (name to value, absent ones skipped) whose value is a placeholder, in the order given. */
    public static List<String> problems(Map<String, Optional<String>> settings) {
        List<String> problems = new ArrayList<>();
        settings.forEach((name, value) -> value.filter(text -> !text.isBlank()).filter(Placeholders::is).ifPresent(text ->
                problems.add(name + " holds a placeholder (such as the example's change-me): set the real value from your secret store")));
        return problems;
    }
}
