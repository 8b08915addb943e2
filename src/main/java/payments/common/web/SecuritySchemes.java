package payments.common.web;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;

/**
 * Declares how callers authenticate, so Swagger UI's Authorize (and generated clients) work: HTTP
 * Basic with an API token for every operation, unless the operation says otherwise (an agent's
 * bearer token on /agents/me, nothing on the public pages and the device-code redemption).
 */
public class SecuritySchemes implements OASFilter {

    public static final String BASIC = "basicAuth";
    public static final String AGENT_BEARER = "agentBearer";

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        Components components = openAPI.getComponents() != null ? openAPI.getComponents() : OASFactory.createComponents();
        openAPI.setComponents(components);
        components.addSecurityScheme(BASIC, OASFactory.createSecurityScheme().type(SecurityScheme.Type.HTTP).scheme("basic")
                .description("An API token: its client id as the user name, its client secret as the password"));
        components.addSecurityScheme(AGENT_BEARER, OASFactory.createSecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")
                .description("An agent's access token, from POST /agents/device-codes/{code}/redeem"));
        openAPI.addSecurityRequirement(OASFactory.createSecurityRequirement().addScheme(BASIC));
    }
}
