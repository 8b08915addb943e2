package payments.console;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import payments.common.JsonBodies;
import payments.common.security.Permission;
import payments.common.security.PublicEndpoint;
import payments.platform.ApiTokenRecords.ApiTokenCreateRequest;
import payments.platform.ApiTokenResource;
import payments.platform.PlatformConfigRecords.PlatformConfigUpdateRequest;
import payments.platform.PlatformConfigResource;

import java.util.List;
import java.util.Map;

/**
 * The platform's settings in the console, in both modes: where webhooks go, and the API tokens
 * (created with the permissions ticked, the secret shown once on the page that created it; revoked).
 * Each form is the API operation named beside it, with its body.
 */
@Path("/console")
@PublicEndpoint
@Produces(MediaType.TEXT_HTML)
public class ConsoleSettings {

    private final ConsoleFrame frame;
    private final ConsolePages pages;
    private final PlatformConfigResource config;
    private final ApiTokenResource tokens;
    private final JsonBodies bodies;

    public ConsoleSettings(ConsoleFrame frame, ConsolePages pages, PlatformConfigResource config, ApiTokenResource tokens, JsonBodies bodies) {
        this.frame = frame;
        this.pages = pages;
        this.config = config;
        this.tokens = tokens;
        this.bodies = bodies;
    }

    @GET
    @Path("settings")
    public Uni<Response> settings(@CookieParam(ConsoleSessions.COOKIE) String session, @QueryParam("notice") String notice) {
        return frame.page(session, Permission.VIEW, "settings", notice, caller -> pages.settings());
    }

    /** PATCH /config {"webhookEndpoint"}: blank stops sending webhooks. */
    @POST
    @Path("settings/webhook")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> webhookEndpoint(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                         @FormParam("webhookEndpoint") String endpoint) {
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("webhookEndpoint", endpoint == null ? "" : endpoint.strip());
        FormPage back = settingsPage("webhook").typed("webhookEndpoint", endpoint);
        return frame.act(session, form, Permission.MANAGE, back, () -> config.update(bodies.body(body, PlatformConfigUpdateRequest.class))
                .map(saved -> "settings?notice=saved"));
    }

    /** POST /tokens {"name", "permissions"}: answers the page that shows the new token's secret, once. */
    @POST
    @Path("settings/tokens")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> createToken(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                     @FormParam("name") String name, @FormParam("permission") List<String> permissions) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        if (name != null && !name.isBlank()) {
            body.put("name", name.strip());
        }
        ArrayNode granted = body.putArray("permissions");
        (permissions == null ? List.<String>of() : permissions).forEach(granted::add);
        FormPage back = settingsPage("token").typed("name", name).typed("permission", permissions).field("permissions", "permission");
        return frame.show(session, form, Permission.MANAGE, back, "token", () -> tokens.create(null, bodies.body(body, ApiTokenCreateRequest.class))
                .map(created -> Map.of("token", frame.bodyOf(created))));
    }

    /** DELETE /tokens/{tokenId}. */
    @POST
    @Path("settings/tokens/{id}/revoke")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> revokeToken(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                     @PathParam("id") String id) {
        return frame.act(session, form, Permission.MANAGE, settingsPage(id), () -> tokens.delete(id).map(done -> "settings?notice=revoked"));
    }

    private FormPage settingsPage(String form) {
        return FormPage.of(form, "settings", caller -> pages.settings());
    }
}
