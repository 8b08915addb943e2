package payments.common;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Keeps a validation answer small whatever the body (pure): every distinct rule broken is listed,
 * but one rule broken by many items of an array ({@code items[7].name} and {@code items[8].name}
 * with the same message) is listed only {@link #PER_RULE} times, and the list stops at
 * {@link #MAX_LISTED}; the rest is counted.
 */
final class FieldErrors {

    static final int PER_RULE = 3;
    static final int MAX_LISTED = 100;
    private static final Pattern INDEX = Pattern.compile("\\[\\d+]");

    record Bounded(List<FieldError> listed, int omitted) {
    }

    private FieldErrors() {
    }

    static Bounded bound(List<FieldError> errors) {
        Map<String, Integer> perRule = new HashMap<>();
        List<FieldError> listed = new ArrayList<>();
        int omitted = 0;
        for (FieldError error : errors) {
            String rule = (error.field() == null ? "" : INDEX.matcher(error.field()).replaceAll("[]")) + "\n" + error.message();
            if (perRule.merge(rule, 1, Integer::sum) > PER_RULE || listed.size() >= MAX_LISTED) {
                omitted++;
            } else {
                listed.add(error);
            }
        }
        return new Bounded(List.copyOf(listed), omitted);
    }
}
