package payments.console;

import io.smallrye.mutiny.Uni;
import payments.common.security.Caller;
import payments.common.security.Permission;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The page a console form is on, what was typed in it, and which input each of its operation's
 * fields came from: a refused action shows that page again, each error beside its input and what
 * was typed kept, instead of a page of its own.
 *
 * @param form         the form's name on its page ("pay"), or the row's id for a form repeated per row
 * @param template     the page's template
 * @param view         the permission its page needs (null: any signed-in caller), as the page's GET
 * @param model        the page's data, read again for the answer
 * @param typed        each input's name and what was typed (a list for repeated inputs such as checkboxes)
 * @param inputOfField an operation field's path and the input it came from, where the path's last
 *                     segment is not already the input's name ("lockedCurrencyAmount" from "amount")
 */
public record FormPage(String form, String template, Permission view, Function<Caller, Uni<Map<String, Object>>> model,
                       Map<String, List<String>> typed, Map<String, String> inputOfField) {

    /** A form on a page that needs VIEW, as most do. */
    public static FormPage of(String form, String template, Function<Caller, Uni<Map<String, Object>>> model) {
        return of(form, template, Permission.VIEW, model);
    }

    public static FormPage of(String form, String template, Permission view, Function<Caller, Uni<Map<String, Object>>> model) {
        return new FormPage(form, template, view, model, Map.of(), Map.of());
    }

    /** With what was typed in {@code input} (absent when the browser sent nothing). */
    public FormPage typed(String input, String value) {
        return typed(input, value == null ? List.of() : List.of(value));
    }

    public FormPage typed(String input, List<String> values) {
        Map<String, List<String>> more = new HashMap<>(typed);
        more.put(input, values == null ? List.of() : List.copyOf(values));
        return new FormPage(form, template, view, model, Map.copyOf(more), inputOfField);
    }

    /** With the operation's {@code field} reported beside {@code input}. */
    public FormPage field(String field, String input) {
        Map<String, String> more = new HashMap<>(inputOfField);
        more.put(field, input);
        return new FormPage(form, template, view, model, typed, Map.copyOf(more));
    }

    /** The input an error about {@code field} belongs beside, or null when the form has none for it. */
    String inputOf(String field) {
        if (field == null) {
            return null;
        }
        String named = inputOfField.get(field);
        if (named != null) {
            return named;
        }
        String last = field.substring(field.lastIndexOf('.') + 1).replaceAll("\\[\\d+]$", "");
        String mapped = inputOfField.get(last);
        return mapped != null ? mapped : typed.containsKey(last) ? last : null;
    }
}
