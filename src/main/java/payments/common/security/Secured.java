package payments.common.security;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The access rule of an endpoint: which schemes it accepts and which permission the caller needs.
 * A method's annotation wins over its class's. Endpoints with neither this nor {@link PublicEndpoint}
 * refuse every request: the default is deny.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Secured {

    Permission value();

    AuthScheme[] schemes() default {AuthScheme.BASIC};
}
