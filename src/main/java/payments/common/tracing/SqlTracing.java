package payments.common.tracing;

import io.quarkus.vertx.VertxOptionsCustomizer;
import io.vertx.core.VertxOptions;
import io.vertx.core.tracing.TracingOptions;
import jakarta.inject.Singleton;

/**
 * Installs {@link SqlSpans} as Vert.x's tracer when the OpenTelemetry Java agent is attached, and
 * nothing otherwise: without the agent no statement pays for tracing.
 */
@Singleton
public class SqlTracing implements VertxOptionsCustomizer {

    /** The agent's entry class, on the system class path only when the JVM runs with -javaagent. */
    private static final String AGENT = "io.opentelemetry.javaagent.OpenTelemetryAgent";

    @Override
    public void accept(VertxOptions options) {
        if (agentAttached()) {
            options.setTracingOptions(new TracingOptions().setFactory(ignored -> new SqlSpans()));
        }
    }

    static boolean agentAttached() {
        try {
            Class.forName(AGENT, false, ClassLoader.getSystemClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
