package payments.common.web;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import payments.common.ServerConfig;
import payments.common.security.PublicEndpoint;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The base URL itself: a browser is sent to the API's documentation (Swagger UI), a client gets a
 * small index of where things are. Needs no credentials and tells nothing about the data.
 */
@Path("/")
@PublicEndpoint
@SecurityRequirements
public class ApiIndex {

    static final String DOCS = "/q/swagger-ui";

    private final ServerConfig config;

    public ApiIndex(ServerConfig config) {
        this.config = config;
    }

    @GET
    @org.eclipse.microprofile.openapi.annotations.tags.Tag(name = "Service", description = "This server's own extension: where the"
            + " documentation, the OpenAPI document and the health checks are.")
    @Operation(summary = "Where things are", description = "A browser (Accept: text/html) is redirected to Swagger UI; other clients"
            + " get the links as JSON.")
    public Response index(@HeaderParam("Accept") String accept, @jakarta.ws.rs.core.Context jakarta.ws.rs.core.UriInfo uri) {
        // Production keeps the documentation off unless svc.diagnostics-public: no link to what answers 404.
        boolean docsServed = config.diagnosticsServed();
        if (docsServed && accept != null && accept.contains("text/html")) {
            // Absolute: a relative location would be read under the API's version segment.
            return Response.seeOther(uri.getBaseUri().resolve(DOCS)).build();
        }
        Map<String, String> index = new LinkedHashMap<>(Map.of("name", "Payments platform API", "version", ApiPath.VERSION,
                "mode", config.parsedMode().name(), "health", "/q/health"));
        if (docsServed) {
            index.put("documentation", DOCS);
            index.put("openapi", "/q/openapi");
        }
        return Response.ok(index).type("application/json").build();
    }
}
