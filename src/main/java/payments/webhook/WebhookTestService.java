package payments.webhook;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;

import java.util.Map;

/** Sends a TEST event synchronously and reports what the platform's endpoint answered. */
@ApplicationScoped
public class WebhookTestService {

    /** The reference's TestWebhookResponse. */
    public record TestWebhookResponse(String url,
                                      @JsonProperty("response_status") int responseStatus,
                                      @JsonProperty("response_body") String responseBody) {
    }

    private final WebhookEndpoint endpoint;
    private final WebhookPublisher publisher;
    private final WebhookSender sender;
    private final WebhookDispatcher deliveries;

    public WebhookTestService(WebhookEndpoint endpoint, WebhookPublisher publisher, WebhookSender sender,
                              WebhookDispatcher deliveries) {
        this.endpoint = endpoint;
        this.publisher = publisher;
        this.sender = sender;
        this.deliveries = deliveries;
    }

    public Uni<TestWebhookResponse> sendTest() {
        return endpoint.current().flatMap(url -> {
            if (url.isEmpty()) {
                throw new ApiException(ErrorCode.WEBHOOK_ENDPOINT_NOT_SET, "Set webhookEndpoint with PATCH /config first");
            }
            return Panache.withTransaction(() -> publisher.record(EventType.TEST, Map.of()))
                    .flatMap(event -> sender.send(event, url.get())
                            .call(attempt -> deliveries.closeSingleAttempt(event, attempt)))
                    .map(attempt -> {
                        if (!attempt.answered()) {
                            throw new ApiException(ErrorCode.WEBHOOK_DELIVERY_ERROR, attempt.error());
                        }
                        return new TestWebhookResponse(attempt.url(), attempt.status(), attempt.responseBody());
                    });
        });
    }
}
