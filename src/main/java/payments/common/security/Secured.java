package payments.common.security;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The access rule of an endpoint: which schemes it accepts and which permission (or alternatives)
 * the caller needs. A method's annotation wins over its class's. Endpoints with neither this nor
 * {@link PublicEndpoint} refuse every request: the default is deny.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Secured {

    Permission value();

    /**
     * Permissions that admit the caller instead of {@link #value}, where the service narrows what
     * such a caller may do (the compliance desk deleting its own token).
     */
    Permission[] orAnyOf() default {};

    AuthScheme[] schemes() default {AuthScheme.BASIC};
}
