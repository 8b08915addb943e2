package payments.sandbox;

import io.smallrye.mutiny.Uni;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import payments.common.RequestValidator;
import payments.common.ServerClock;
import payments.common.jobs.JobRunner;
import payments.common.security.Permission;
import payments.common.security.SandboxOnly;
import payments.common.security.Secured;
import payments.webhook.WebhookDispatcher;
import payments.webhook.WebhookTestService;
import payments.webhook.WebhookTestService.TestWebhookResponse;

import java.time.Duration;
import payments.common.web.RunsToCompletion;

/** Sandbox-only controls: the test webhook and moving the server clock forward. */
@RunsToCompletion
@Path("/sandbox")
@SandboxOnly
public class SandboxResource {

    /** Runs due jobs in at most this many batches after the clock moves, so one call stays bounded. */
    static final int MAX_DRAIN_BATCHES = 50;
    static final long MAX_ADVANCE_SECONDS = 366L * 24 * 3600;

    public record ClockAdvanceRequest(@NotNull @Min(1) @Max(MAX_ADVANCE_SECONDS) Long seconds) {
    }

    public record ClockResponse(String now, int jobsRun, int webhookEventsHandled) {
    }

    private final WebhookTestService webhookTest;
    private final ServerClock clock;
    private final JobRunner jobs;
    private final RequestValidator validator;
    private final WebhookDispatcher webhooks;

    public SandboxResource(WebhookTestService webhookTest, ServerClock clock, JobRunner jobs, WebhookDispatcher webhooks,
                           RequestValidator validator) {
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

    /** Moves sandbox time forward and runs the jobs that became due, so tests never sleep. */
    @POST
    @Path("/clock/advance")
    @Secured(Permission.MANAGE)
    public Uni<ClockResponse> advanceClock(ClockAdvanceRequest request) {
        validator.validate(request);
        return clock.advance(Duration.ofSeconds(request.seconds()))
                .flatMap(now -> jobs.drain(MAX_DRAIN_BATCHES))
                .flatMap(ran -> webhooks.drain(MAX_DRAIN_BATCHES).map(sent -> new ClockResponse(clock.now().toString(), ran, sent)));
    }
}
