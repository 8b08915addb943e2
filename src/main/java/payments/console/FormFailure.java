package payments.console;

import io.quarkus.qute.TemplateData;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A form's refused action as its page shows it: the operation's code and reason above the form,
 * each field's message beside the input it came from (errors about fields the form has no input
 * for listed with the reason), and what was typed put back. Every page has one: {@link #NONE}
 * when no form failed, so templates ask it without checking.
 */
@TemplateData
public record FormFailure(String form, String code, String reason, Map<String, String> messages, List<Unplaced> unplaced,
                          Map<String, List<String>> typed) {

    static final FormFailure NONE = new FormFailure("", "", "", Map.of(), List.of(), Map.of());

    /** What the failed form's error block (tags/formerror.html) writes: a page without it no longer has the form. */
    static final String SHOWN = "id=\"form-error\"";

    /** An error about a field the form has no input for, named by the operation's field path. */
    @TemplateData
    public record Unplaced(String field, String message) {
    }

    /** The failure of {@code page}'s form: {@code errors} are the operation's {@code details.errors[]}. */
    static FormFailure of(FormPage page, String code, String reason, List<Map<String, Object>> errors) {
        Map<String, String> messages = new LinkedHashMap<>();
        List<Unplaced> unplaced = new java.util.ArrayList<>();
        for (Map<String, Object> error : errors) {
            String field = error.get("field") == null ? null : String.valueOf(error.get("field"));
            String message = String.valueOf(error.getOrDefault("message", "is not valid"));
            String input = page.inputOf(field);
            if (input == null) {
                unplaced.add(new Unplaced(field == null ? "" : field, message));
            } else {
                messages.merge(input, message, (first, next) -> first + "; " + next);
            }
        }
        return new FormFailure(page.form(), code, reason, Map.copyOf(messages), List.copyOf(unplaced), page.typed());
    }

    /** Whether {@code form} is the form that failed. */
    public boolean on(String form) {
        return this.form.equals(form);
    }

    /** The message for {@code input} of {@code form}, "" when it has none. */
    public String message(String form, String input) {
        return on(form) ? messages.getOrDefault(input, "") : "";
    }

    /** What was typed in {@code input} of {@code form} when it failed, else {@code shown} (what the page shows anyway). */
    public String typedOr(String form, String input, Object shown) {
        List<String> values = on(form) ? typed.get(input) : null;
        if (values != null) {
            return values.isEmpty() ? "" : values.get(0);
        }
        return shown == null ? "" : String.valueOf(shown);
    }

    public String typed(String form, String input) {
        return typedOr(form, input, "");
    }

    /** Whether {@code value} was the choice (an option, a ticked box) in {@code input} of {@code form} when it failed. */
    public boolean chosen(String form, String input, String value) {
        return on(form) && typed.getOrDefault(input, List.of()).contains(value);
    }
}
