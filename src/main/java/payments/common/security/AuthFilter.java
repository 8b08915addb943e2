package payments.common.security;

import org.jboss.logging.Logger;
import payments.common.logging.RequestLogContext;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.inject.Instance;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.HttpHeaders;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.ServerConfig;

import java.lang.reflect.AnnotatedElement;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Applies each endpoint's access rule before the resource runs: sandbox-only endpoints vanish in
 * production, the credentials must be of a scheme the endpoint accepts and must check out, and the
 * caller must hold the endpoint's permission. Endpoints without a rule refuse everyone.
 */
public class AuthFilter {

    private static final Logger LOG = Logger.getLogger(AuthFilter.class);

    private final Map<AuthScheme, Authenticator> authenticators = new EnumMap<>(AuthScheme.class);
    private final CurrentCaller currentCaller;
    private final ServerConfig config;

    public AuthFilter(Instance<Authenticator> authenticators, CurrentCaller currentCaller, ServerConfig config) {
        authenticators.forEach(a -> this.authenticators.put(a.scheme(), a));
        this.currentCaller = currentCaller;
        this.config = config;
    }

    @ServerRequestFilter(priority = Priorities.AUTHENTICATION)
    public Uni<Void> authenticate(ContainerRequestContext request, ResourceInfo resource) {
        if (resource.getResourceMethod() == null) {
            return Uni.createFrom().voidItem();
        }
        if (!config.sandbox() && annotated(resource, SandboxOnly.class)) {
            return Uni.createFrom().failure(new ApiException(ErrorCode.NOT_FOUND, "Sandbox endpoints are not available in production"));
        }
        if (annotated(resource, PublicEndpoint.class)) {
            return Uni.createFrom().voidItem();
        }
        Secured rule = rule(resource);
        if (rule == null) {
            return Uni.createFrom().failure(new ApiException(ErrorCode.FORBIDDEN, "This endpoint accepts no credentials"));
        }
        String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (header == null || header.isBlank()) {
            return Uni.createFrom().failure(ApiException.unauthorized("Missing credentials: send an Authorization header"));
        }
        AuthScheme scheme = Arrays.stream(rule.schemes())
                .filter(s -> header.regionMatches(true, 0, s.headerPrefix() + " ", 0, s.headerPrefix().length() + 1))
                .findFirst().orElse(null);
        Authenticator authenticator = scheme == null ? null : authenticators.get(scheme);
        if (authenticator == null) {
            return Uni.createFrom().failure(ApiException.unauthorized("This endpoint does not accept this authorization scheme"));
        }
        String credentials = header.substring(scheme.headerPrefix().length() + 1).trim();
        return authenticator.authenticate(credentials).map(caller -> {
            if (caller == null) {
                LOG.debugf("Refused %s credentials", scheme);
                throw ApiException.unauthorized("Invalid credentials");
            }
            RequestLogContext.caller(caller.principalId());
            if (!admits(rule, caller)) {
                String required = required(rule);
                LOG.debugf("Refused: the caller lacks the %s permission", required);
                throw new ApiException(ErrorCode.FORBIDDEN, "These credentials lack the " + required + " permission this endpoint requires");
            }
            currentCaller.set(caller);
            return null;
        });
    }

    private static boolean admits(Secured rule, Caller caller) {
        return caller.has(rule.value()) || Arrays.stream(rule.orAnyOf()).anyMatch(caller::has);
    }

    /** The rule's permission as a refusal names it: "MANAGE", or "MANAGE or COMPLIANCE_REVIEW". */
    private static String required(Secured rule) {
        return Stream.concat(Stream.of(rule.value()), Arrays.stream(rule.orAnyOf())).map(Permission::name)
                .collect(Collectors.joining(" or "));
    }

    private static Secured rule(ResourceInfo resource) {
        Secured onMethod = resource.getResourceMethod().getAnnotation(Secured.class);
        return onMethod != null ? onMethod : resource.getResourceClass().getAnnotation(Secured.class);
    }

    private static boolean annotated(ResourceInfo resource, Class<? extends java.lang.annotation.Annotation> type) {
        AnnotatedElement method = resource.getResourceMethod();
        return method.isAnnotationPresent(type) || resource.getResourceClass().isAnnotationPresent(type);
    }
}
