package payments.sandbox;

import io.smallrye.mutiny.Uni;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import payments.common.JsonBody;
import payments.common.RequestValidator;
import payments.common.ServerClock;
import payments.common.jobs.JobRunner;
import payments.common.security.Permission;
import payments.common.security.SandboxOnly;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.ResponseStatus;
import payments.webhook.WebhookDeliveries;
import payments.webhook.WebhookDispatcher;
import payments.webhook.WebhookSamples;
import payments.webhook.WebhookTestService.TestWebhookResponse;
import payments.webhook.WebhookTestService;

import java.time.Duration;
import java.util.List;

/** Sandbox-only controls: the test webhook, moving the server clock forward, and emptying the sandbox. */
@RunsToCompletion
@Path("/sandbox")
@SandboxOnly
public class SandboxResource {

    /** Runs due jobs in at most this many batches after the clock moves, so one call stays bounded. */
    static final int MAX_DRAIN_BATCHES = 50;
    static final long MAX_ADVANCE_SECONDS = 366L * 24 * 3600;

    public record ClockAdvanceRequest(@NotNull @Min(1) @Max(MAX_ADVANCE_SECONDS) Long seconds) {
    }

    public record WebhookTriggerRequest(@NotNull String eventType) {
    }

    public record ClockResponse(String now, int jobsRun, int webhookEventsHandled) {
    }

    private final WebhookTestService webhookTest;
    private final ServerClock clock;
    private final JobRunner jobs;
    private final RequestValidator validator;
    private final WebhookDispatcher webhooks;
    private final SandboxReset sandboxReset;
    private final WebhookSamples samples;

    public SandboxResource(WebhookTestService webhookTest, ServerClock clock, JobRunner jobs, WebhookDispatcher webhooks,
                           RequestValidator validator, SandboxReset sandboxReset, WebhookSamples samples) {
        this.samples = samples;
        this.sandboxReset = sandboxReset;
        this.webhookTest = webhookTest;
        this.webhooks = webhooks;
        this.clock = clock;
        this.jobs = jobs;
        this.validator = validator;
    }

    @POST
    @Path("/webhooks/test")
    @Secured(Permission.MANAGE)
    public Uni<TestWebhookResponse> sendTestWebhook() {
        return webhookTest.sendTest();
    }

    /**
     * Sends a sample of any event type the server sends (fresh ids that name no resource), through
     * the same outbox, signature and retries as every event; answers its delivery record.
     */
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Send any webhook event (sandbox)",
            description = "This server's own extension (sandbox only): sends a sample event of the given type to the webhook endpoint, "
                    + "signed, and answers its delivery.")
    @POST
    @Path("/webhooks/trigger")
    @Secured(Permission.MANAGE)
    @ResponseStatus(202)
    @Tag(name = "Webhook deliveries")
    public Uni<WebhookDeliveries.DeliveryDetail> triggerWebhook(
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = WebhookTriggerRequest.class))) JsonBody<WebhookTriggerRequest> body) {
        return samples.trigger(validator.validate(body.bound(), List.of()).eventType());
    }

    /** The header that confirms a reset: nothing is emptied by a stray POST. */
    static final String CONFIRM_HEADER = "Svc-Confirm-Reset";

    /**
     * Empties the sandbox's data; API tokens, the platform configuration and the server's keys stay
     * ({@link SandboxReset}). Needs {@value #CONFIRM_HEADER}: yes.
     */
    @org.eclipse.microprofile.openapi.annotations.tags.Tag(name = "Sandbox")
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Reset the sandbox",
            description = "This server's own extension (sandbox only): empties every table, with the header Svc-Confirm-Reset: yes.")
    @POST
    @Path("/reset")
    @Secured(Permission.MANAGE)
    public Uni<SandboxReset.ResetResponse> reset(@jakarta.ws.rs.HeaderParam(CONFIRM_HEADER) String confirm) {
        if (!"yes".equalsIgnoreCase(confirm == null ? "" : confirm.strip())) {
            throw payments.common.ApiException.invalidField(CONFIRM_HEADER, null,
                    "A reset empties every customer, account, payment and card: send the header " + CONFIRM_HEADER + ": yes");
        }
        return sandboxReset.reset();
    }

    /** Moves sandbox time forward and runs the jobs that became due, so tests never sleep. */
    @org.eclipse.microprofile.openapi.annotations.tags.Tag(name = "Sandbox")
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Advance the sandbox clock",
            description = "This server's own extension (sandbox only): moves the server's clock forward and runs the jobs and webhook "
                    + "events that fall due.")
    @POST
    @Path("/clock/advance")
    @Secured(Permission.MANAGE)
    public Uni<ClockResponse> advanceClock(
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = ClockAdvanceRequest.class))) JsonBody<ClockAdvanceRequest> body) {
        ClockAdvanceRequest request = validator.validate(body.bound(), List.of());
        return clock.advance(Duration.ofSeconds(request.seconds()))
                .flatMap(now -> jobs.drain(MAX_DRAIN_BATCHES))
                .flatMap(ran -> webhooks.drain(MAX_DRAIN_BATCHES).map(sent -> new ClockResponse(clock.now().toString(), ran, sent)));
    }
}
