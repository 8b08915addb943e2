package payments.customer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.codes.CodeLimits;
import payments.codes.CodeSender;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.security.SecretsAtRest;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Email and phone verification of customers whose provider requires it (EU regions): a one-time
 * code is sent ({@link CodeSender}: 501 where it sends none), kept only as a keyed MAC, then
 * confirmed. Each channel is held to {@link #LIMITS}, from the send and failure times kept in the
 * contact state.
 */
@ApplicationScoped
public class ContactVerificationService {

    static final Duration CODE_LIFETIME = Duration.ofMinutes(10);
    /**
     * The wallet codes' default limits, fixed: {@code customer} cannot read the wallet's settings
     * ({@code wallet} depends on {@code customer}).
     */
    static final CodeLimits LIMITS = CodeLimits.DEFAULT;

    /** A contact channel: its key in contactVerification and the customer field it verifies. */
    public enum Channel {
        EMAIL("email", "email", CodeSender.Route.CONTACT_EMAIL),
        PHONE("phone", "phone number", CodeSender.Route.CONTACT_PHONE);

        private final String key;
        private final String noun;
        private final CodeSender.Route route;

        Channel(String key, String noun, CodeSender.Route route) {
            this.key = key;
            this.noun = noun;
            this.route = route;
        }

        String codeExpiryKey() {
            return key + "CodeExpiresAt";
        }

        String codeMacKey() {
            return key + "CodeMac";
        }

        String attemptsKey() {
            return key + "CodeAttempts";
        }

        /** When codes were sent, within {@link CodeLimits#SEND_WINDOW}. */
        String sentKey() {
            return key + "CodeSentAt";
        }

        /** When wrong codes were entered, within {@link CodeLimits#FAILURE_WINDOW}. */
        String failedKey() {
            return key + "CodeFailedAt";
        }
    }

    private final CustomerView view;
    private final JsonText json;
    private final ServerClock clock;
    private final CodeSender sender;
    private final SecretsAtRest secrets;

    public ContactVerificationService(CustomerView view, JsonText json, ServerClock clock, CodeSender sender, SecretsAtRest secrets) {
        this.sender = sender;
        this.secrets = secrets;
        this.view = view;
        this.json = json;
        this.clock = clock;
    }

    @WithTransaction
    public Uni<Void> sendCode(String customerId, Channel channel) {
        if (!sender.sends(channel.route)) {
            throw CodeSender.notSent(channel.route);
        }
        return CustomerService.findForChange(customerId).flatMap(customer -> {
            ObjectNode state = pendingState(customer, channel);
            Instant now = clock.now();
            List<Instant> recentSends = within(state, channel.sentKey(), CodeLimits.SEND_WINDOW, now);
            LIMITS.checkSend("The " + channel.noun + " of customer " + customer.wireId(), recentSends.size(),
                    within(state, channel.failedKey(), CodeLimits.FAILURE_WINDOW, now).size());
            keep(state, channel.sentKey(), recentSends, now, LIMITS.sendsPerWindow());
            Instant expiresAt = now.plus(CODE_LIFETIME);
            state.put(channel.codeExpiryKey(), expiresAt.toString());
            state.remove(channel.attemptsKey());
            String purpose = "It confirms this " + channel.noun + " and expires in " + CODE_LIFETIME.toMinutes() + " minutes.";
            String address = channel == Channel.EMAIL ? customer.email : customer.phoneNumber;
            String subject = "Verify your " + (channel == Channel.EMAIL ? "email address" : channel.noun);
            return sender.send(new CodeSender.Message(channel.route, address, subject, purpose, expiresAt))
                    .invoke(code -> {
                        state.put(channel.codeMacKey(), secrets.mac(codeName(customer, channel), code));
                        customer.contactVerification = json.write(state);
                    })
                    .replaceWithVoid();
        });
    }

    private static String codeName(Customer customer, Channel channel) {
        return "contact-code:" + customer.id + ":" + channel.key;
    }

    /** The customer as confirmed, or the refusal to answer once the transaction (which counts a wrong code) commits. */
    private record Confirmation(ObjectNode customer, ApiException refusal) {
    }

    /** The body of POST /customers/{id}/verify-email/confirm and verify-phone/confirm (ContactVerificationConfirmRequest). */
    public record CodeConfirmation(String code) {
    }

    public Uni<ObjectNode> confirm(String customerId, Channel channel, JsonBody<CodeConfirmation> body) {
        String code = body.bound().valid(FieldError.of("code", "Is required: the code the customer received"),
                request -> request != null && request.code() != null && !request.code().isBlank()).code();
        return Panache.withTransaction(() -> check(customerId, channel, code)).map(confirmation -> {
            if (confirmation.refusal() != null) {
                throw confirmation.refusal();
            }
            return confirmation.customer();
        });
    }

    private Uni<Confirmation> check(String customerId, Channel channel, String code) {
        return CustomerService.findForChange(customerId).map(customer -> {
            ObjectNode state = pendingState(customer, channel);
            Instant now = clock.now();
            String expiry = state.path(channel.codeExpiryKey()).asText(null);
            if (expiry == null || Instant.parse(expiry).isBefore(now)) {
                throw ApiException.invalidField("code", null, "No valid code was sent for this " + channel.noun
                        + "; request one with POST /customers/{customerId}/verify-" + channel.key);
            }
            String mac = state.path(channel.codeMacKey()).asText(null);
            boolean right = mac != null && MessageDigest.isEqual(mac.getBytes(StandardCharsets.US_ASCII),
                    secrets.mac(codeName(customer, channel), code).getBytes(StandardCharsets.US_ASCII));
            if (!right) {
                int attempts = state.path(channel.attemptsKey()).asInt(0) + 1;
                state.put(channel.attemptsKey(), attempts);
                keep(state, channel.failedKey(), within(state, channel.failedKey(), CodeLimits.FAILURE_WINDOW, now), now,
                        LIMITS.failuresPerDay());
                boolean spent = LIMITS.spent(attempts);
                if (spent) {
                    state.remove(channel.codeExpiryKey());
                    state.remove(channel.codeMacKey());
                }
                customer.contactVerification = json.write(state);
                return new Confirmation(null, ApiException.invalidField("code", null, spent
                        ? "The code is wrong, and it is spent: request a new one with POST /customers/{customerId}/verify-" + channel.key
                        : "The code is wrong"));
            }
            state.put(channel.key, "VERIFIED");
            state.remove(channel.codeExpiryKey());
            state.remove(channel.codeMacKey());
            state.remove(channel.attemptsKey());
            customer.contactVerification = json.write(state);
            customer.updatedAt = now;
            return new Confirmation(view.toWire(customer), null);
        });
    }

    /** The times under {@code key} less than {@code window} before {@code now}, oldest first. */
    private static List<Instant> within(ObjectNode state, String key, Duration window, Instant now) {
        Instant since = now.minus(window);
        List<Instant> times = new ArrayList<>();
        for (JsonNode time : state.path(key)) {
            Instant at = Instant.parse(time.asText());
            if (at.isAfter(since)) {
                times.add(at);
            }
        }
        return times;
    }

    /**
     * Stores {@code times} and then {@code now} under {@code key}, only the newest {@code limit} of
     * them: a limit refuses at {@code limit} times within its window, which the newest alone show.
     */
    private static void keep(ObjectNode state, String key, List<Instant> times, Instant now, int limit) {
        List<Instant> all = new ArrayList<>(times);
        all.add(now);
        ArrayNode kept = state.putArray(key);
        all.subList(Math.max(0, all.size() - limit), all.size()).forEach(at -> kept.add(at.toString()));
    }

    /** The customer's contact state, when the channel still awaits verification; 409 otherwise. */
    private ObjectNode pendingState(Customer customer, Channel channel) {
        if (customer.contactVerification == null) {
            throw new ApiException(ErrorCode.CONFLICT, "Customer " + customer.wireId()
                    + " does not need contact verification (only customers in regions that require it do)");
        }
        ObjectNode state = (ObjectNode) json.read(customer.contactVerification);
        if ("VERIFIED".equals(state.path(channel.key).asText())) {
            throw new ApiException(ErrorCode.CONFLICT, "The " + channel.noun + " of customer " + customer.wireId()
                    + " is already verified");
        }
        return state;
    }

    /** Both email and phone verified, or no verification required. */
    public static boolean contactsVerified(JsonNode state) {
        return state == null || "VERIFIED".equals(state.path("email").asText()) && "VERIFIED".equals(state.path("phone").asText());
    }
}
