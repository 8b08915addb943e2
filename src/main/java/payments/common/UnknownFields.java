package payments.common;

import io.smallrye.common.vertx.ContextLocals;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Request fields the interface does not define (a misspelt {@code fulName}): the reference ignores
 * them, so by default the request goes on and the answer names them in {@value #HEADER}; under
 * {@link Policy#REJECT} they are field errors. The request's names are kept on its Vert.x context
 * until the answer is written.
 */
@ApplicationScoped
public class UnknownFields {

    public static final String HEADER = "Svc-Unknown-Fields";
    /** At most this many names, each at most {@link #MAX_NAME} characters, go into the header. */
    static final int MAX_NAMES = 20;
    static final int MAX_NAME = 100;
    private static final String KEY = UnknownFields.class.getName();

    public enum Policy { WARN, REJECT }

    /** Set from the configuration when the server starts (never at build time); WARN until then. */
    private static volatile Policy policy = Policy.WARN;

    void start(@jakarta.enterprise.event.Observes io.quarkus.runtime.StartupEvent event, ServerConfig config) {
        policy = config.unknownFields();
    }

    /**
     * {@link payments.common.schema.SchemaValidator#validate} with the request's unknown fields handled
     * by the policy: noted for the answer header, or (REJECT) among the result's errors.
     */
    public static payments.common.schema.SchemaValidator.Result validate(com.fasterxml.jackson.databind.JsonNode value,
                                                                         payments.common.schema.JsonSchema schema, String path) {
        payments.common.schema.SchemaValidator.Result result = payments.common.schema.SchemaValidator.validate(value, schema, path);
        if (result.unknown().isEmpty()) {
            return result;
        }
        List<FieldError> errors = new ArrayList<>(result.errors());
        found(result.unknown(), errors);
        return new payments.common.schema.SchemaValidator.Result(result.value(), List.copyOf(errors), result.unknown());
    }

    /**
     * The request carried these fields the interface does not define (dot paths): noted for the
     * answer header, or, under REJECT, added to {@code errors}.
     */
    public static void found(List<String> paths, List<FieldError> errors) {
        if (paths.isEmpty()) {
            return;
        }
        if (policy == Policy.REJECT) {
            paths.forEach(path -> errors.add(FieldError.of(path, "Is not a field of this request (svc.unknown-fields=REJECT)")));
            return;
        }
        if (!onRequestContext()) {
            return;
        }
        Set<String> names = ContextLocals.<Set<String>>get(KEY).orElse(null);
        if (names == null) {
            names = new LinkedHashSet<>();
            ContextLocals.put(KEY, names);
        }
        for (String path : paths) {
            if (names.size() < MAX_NAMES) {
                names.add(path);
            }
        }
    }

    /** Whether this runs on a request's own (duplicated) Vert.x context, where the names are kept. */
    private static boolean onRequestContext() {
        Context context = Vertx.currentContext();
        return context != null && io.smallrye.common.vertx.VertxContext.isDuplicatedContext(context);
    }

    /** The header value for the current request's unknown fields; null when there were none. */
    public static String headerValue() {
        if (!onRequestContext()) {
            return null;
        }
        Set<String> names = ContextLocals.<Set<String>>get(KEY).orElse(null);
        if (names == null || names.isEmpty()) {
            return null;
        }
        List<String> printable = new ArrayList<>();
        for (String name : names) {
            // A header carries printable ASCII only: a name with anything else is left out, a long one cut.
            if (name.chars().allMatch(c -> c >= 0x21 && c < 0x7f && c != ',')) {
                printable.add(name.length() > MAX_NAME ? name.substring(0, MAX_NAME) : name);
            }
        }
        return printable.isEmpty() ? null : String.join(", ", printable);
    }
}
