package payments.webhook;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import payments.common.Page;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;
import payments.db.ReplicaRead;
import payments.webhook.WebhookDeliveries.DeliveryDetail;
import payments.webhook.WebhookDeliveries.DeliveryResponse;
import payments.webhook.WebhookDeliveries.ReplayResponse;

/** Webhook deliveries, their attempts, and replays: this server's own extension of the interface, in both modes. */
@RunsToCompletion
@Path("/webhooks/deliveries")
@Tag(name = "Webhook deliveries", description = "This server's own extension (not in the reference interface): every event sent to"
        + " the webhook endpoint, with its attempts, and a replay that sends it again, freshly signed.")
public class WebhookDeliveryResource {

    private final WebhookDeliveries deliveries;

    public WebhookDeliveryResource(WebhookDeliveries deliveries) {
        this.deliveries = deliveries;
    }

    /** Newest first; {@code status} is PENDING, DELIVERED, FAILED or SKIPPED (no endpoint was configured), any case. */
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "List webhook deliveries",
            description = "Every event sent (or to be sent) to the webhook endpoint, newest first; status is PENDING, DELIVERED, FAILED "
                    + "or SKIPPED (no endpoint was configured).")
    @GET
    @ReplicaRead
    @Secured(Permission.VIEW)
    public Uni<Page<DeliveryResponse>> list(@QueryParam("eventType") String eventType, @QueryParam("status") String status,
                                            @QueryParam("resourceId") String resourceId, @QueryParam("createdAfter") String createdAfter,
                                            @QueryParam("createdBefore") String createdBefore, @QueryParam("limit") String limit,
                                            @QueryParam("cursor") String cursor) {
        return deliveries.list(new WebhookDeliveries.DeliveryListQuery(eventType, status, resourceId, createdAfter, createdBefore,
                limit, cursor));
    }

    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Get a webhook delivery",
            description = "One event with its exact body and every attempt (time, HTTP status, error).")
    @GET
    @ReplicaRead
    @Path("{deliveryId}")
    @Secured(Permission.VIEW)
    public Uni<DeliveryDetail> get(@PathParam("deliveryId") String deliveryId) {
        return deliveries.get(deliveryId);
    }

    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Replay a webhook delivery",
            description = "Sends the event again to the endpoint configured now, freshly signed.")
    @POST
    @Path("{deliveryId}/replay")
    @Secured(Permission.MANAGE)
    public Uni<ReplayResponse> replay(@PathParam("deliveryId") String deliveryId) {
        return deliveries.replay(deliveryId);
    }
}
