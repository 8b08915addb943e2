package payments.common.tracing;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.vertx.core.Context;
import io.vertx.core.spi.tracing.SpanKind;
import io.vertx.core.spi.tracing.TagExtractor;
import io.vertx.core.spi.tracing.VertxTracer;
import io.vertx.core.tracing.TracingPolicy;

import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A span for each statement of the reactive PostgreSQL client, made through the OpenTelemetry API
 * (which the Java agent, when attached, connects to its exporter): the agent's own instrumentation
 * of that client makes none for the pool Quarkus builds. Only statements sent inside a trace (a
 * request's, as the agent carries it) get one, as its child: the pollers' claims every second
 * would otherwise each start a trace of their own. Only SQL: HTTP is the agent's.
 */
final class SqlSpans implements VertxTracer<Span, Span> {

    static final String INSTRUMENTATION = "payments.sql";

    private final Tracer tracer = GlobalOpenTelemetry.getTracer(INSTRUMENTATION);

    @Override
    public <R> Span sendRequest(Context context, SpanKind kind, TracingPolicy policy, R request, String operation,
                                BiConsumer<String, String> headers, TagExtractor<R> tagExtractor) {
        if (policy == TracingPolicy.IGNORE || request == null || tagExtractor == null) {
            return null;
        }
        Map<String, String> tags = tagExtractor.extract(request);
        String statement = tags.get("db.statement");
        if (statement == null || !"sql".equals(tags.get("db.type")) || !Span.current().getSpanContext().isValid()) {
            return null;
        }
        return tracer.spanBuilder(name(statement))
                .setSpanKind(io.opentelemetry.api.trace.SpanKind.CLIENT)
                .setAttribute("db.system", "postgresql")
                .setAttribute("db.statement", statement)
                .setAttribute("db.name", tags.getOrDefault("db.instance", ""))
                .setAttribute("db.user", tags.getOrDefault("db.user", ""))
                .setAttribute("server.address", tags.getOrDefault("peer.address", ""))
                .startSpan();
    }

    @Override
    public <R> void receiveResponse(Context context, R response, Span span, Throwable failure, TagExtractor<R> tagExtractor) {
        if (span == null) {
            return;
        }
        if (failure != null) {
            span.recordException(failure);
            span.setStatus(StatusCode.ERROR);
        }
        span.end();
    }

    /** The statement's verb and "postgres": a low-cardinality name; the statement itself is an attribute. */
    static String name(String statement) {
        String trimmed = statement.stripLeading();
        int end = 0;
        while (end < trimmed.length() && Character.isLetter(trimmed.charAt(end))) {
            end++;
        }
        return (end == 0 ? "SQL" : trimmed.substring(0, end).toUpperCase(Locale.ROOT)) + " postgres";
    }
}
