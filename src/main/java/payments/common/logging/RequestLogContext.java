package payments.common.logging;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import org.jboss.logging.MDC;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

import java.util.regex.Pattern;

/**
 * What every log line of a request carries (the JSON format writes the MDC as fields): requestId,
 * made here for each request and answered in X-Request-Id; correlationId, the caller's
 * X-Correlation-Id when it is a plain token (so a platform can follow one of its operations across
 * our lines), else the request id; callerId, the API token or agent, set once authenticated
 * ({@link #caller}). An internal error's correlationId in the answer is the request id.
 */
public class RequestLogContext {

    public static final String REQUEST_ID = "requestId";
    public static final String CORRELATION_ID = "correlationId";
    public static final String CALLER_ID = "callerId";
    static final String REQUEST_ID_HEADER = "X-Request-Id";
    static final String CORRELATION_ID_HEADER = "X-Correlation-Id";
    private static final Pattern PLAIN_TOKEN = Pattern.compile("[A-Za-z0-9._:-]{1,128}");

    @ServerRequestFilter(preMatching = true, priority = 1)
    public void open(ContainerRequestContext request) {
        String requestId = java.util.UUID.randomUUID().toString();
        String correlation = request.getHeaderString(CORRELATION_ID_HEADER);
        MDC.put(REQUEST_ID, requestId);
        MDC.put(CORRELATION_ID, correlation != null && PLAIN_TOKEN.matcher(correlation).matches() ? correlation : requestId);
        MDC.remove(CALLER_ID);
        request.setProperty(REQUEST_ID, requestId);
    }

    @ServerResponseFilter
    public void answer(ContainerRequestContext request, ContainerResponseContext response) {
        Object requestId = request.getProperty(REQUEST_ID);
        if (requestId != null) {
            response.getHeaders().putSingle(REQUEST_ID_HEADER, requestId);
        }
    }

    /** Names the authenticated caller on the rest of the request's lines. */
    public static void caller(String principalId) {
        MDC.put(CALLER_ID, principalId);
    }

    /** The current request's id, for an error that tells the client what to quote; null outside a request. */
    public static String requestId() {
        Object id = MDC.get(REQUEST_ID);
        return id == null ? null : id.toString();
    }
}
