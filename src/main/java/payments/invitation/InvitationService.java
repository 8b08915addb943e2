package payments.invitation;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.JsonBodies;
import payments.common.Money;
import payments.common.RequestValidator;
import payments.common.RunTimeRandom;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.customer.Customer;
import payments.invitation.InvitationRecords.UmaInvitation;
import payments.invitation.InvitationRecords.UmaInvitationClaimRequest;
import payments.invitation.InvitationRecords.UmaInvitationCreateRequest;
import payments.platform.PlatformConfigService;
import payments.quote.UmaNetwork;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * UMA invitations: an inviter (a customer of this platform, named by its UMA address) creates one,
 * the invitee's platform claims it once with the invitee's address, which tells this platform by
 * an INVITATION.CLAIMED event; a pending one can be cancelled. Moving the promised amount is the
 * inviting platform's own quote once it hears of the claim; nothing here touches money.
 */
@ApplicationScoped
public class InvitationService {

    /** Crockford's base32 in lower case: no i, l, o or u to misread when a code is typed from a message. */
    private static final String CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
    private static final int CODE_LENGTH = 12;
    private static final String CODE_PLACEHOLDER = "{code}";

    private final ServerClock clock;
    private final ServerConfig config;
    private final InvitationsConfig invitations;
    private final RequestValidator validator;
    private final PlatformConfigService platform;
    private final WebhookPublisher webhooks;
    /** 60 random bits a code: an invitation's code is all a claimer needs, so it must not be guessable. */
    private final SecureRandom random = RunTimeRandom.secure();

    public InvitationService(ServerClock clock, ServerConfig config, InvitationsConfig invitations, RequestValidator validator,
                             PlatformConfigService platform, WebhookPublisher webhooks) {
        this.clock = clock;
        this.config = config;
        this.invitations = invitations;
        this.validator = validator;
        this.platform = platform;
        this.webhooks = webhooks;
    }

    @WithTransaction
    public Uni<UmaInvitation> create(JsonBodies.Bound<UmaInvitationCreateRequest> body) {
        Instant now = clock.now();
        List<FieldError> errors = new ArrayList<>();
        UmaInvitationCreateRequest bound = body.value();
        Instant expiresAt = bound == null ? null : expiry(bound.expiresAt(), now, errors);
        UmaInvitationCreateRequest request = validator.validate(body, errors);
        if (!UmaNetwork.wellFormed(request.inviterUma())) {
            throw new ApiException(ErrorCode.INVALID_UMA_ADDRESS, "inviterUma is not a UMA address ($user@domain): " + request.inviterUma());
        }
        return claimUrl().flatMap(url -> Customer.<Customer>find("umaAddress", request.inviterUma()).firstResult().flatMap(inviter -> {
            if (inviter == null || inviter.isDeleted()) {
                throw new ApiException(ErrorCode.INVALID_UMA_ADDRESS,
                        "No customer of this platform has the UMA address " + request.inviterUma());
            }
            Invitation invitation = new Invitation();
            invitation.code = newCode();
            invitation.inviterCustomerId = inviter.id;
            invitation.inviterUma = inviter.umaAddress;
            invitation.firstName = blankToNull(request.firstName());
            invitation.amountToSend = request.amountToSend();
            invitation.currency = request.amountToSend() == null ? null : inviter.homeCurrency();
            InvitationStatus.open(invitation);
            invitation.url = url.replace(CODE_PLACEHOLDER, invitation.code);
            invitation.createdAt = now;
            invitation.updatedAt = now;
            invitation.expiresAt = expiresAt;
            return invitation.<Invitation>persist().map(saved -> toWire(saved, now));
        }));
    }

    @WithSession
    public Uni<UmaInvitation> get(String code) {
        return find(code, false).map(invitation -> toWire(invitation, clock.now()));
    }

    /** Claims a pending invitation for the invitee, once: a second claim, even racing the first, is INVITATION_ALREADY_CLAIMED. */
    @WithTransaction
    public Uni<UmaInvitation> claim(String code, JsonBodies.Bound<UmaInvitationClaimRequest> body) {
        UmaInvitationClaimRequest request = validator.validate(body, List.of());
        if (!UmaNetwork.wellFormed(request.inviteeUma())) {
            throw new ApiException(ErrorCode.INVALID_UMA_ADDRESS, "inviteeUma is not a UMA address ($user@domain): " + request.inviteeUma());
        }
        return find(code, true).flatMap(invitation -> {
            if (invitation.inviterUma.equals(request.inviteeUma())) {
                throw ApiException.invalidField("inviteeUma", null, "An inviter cannot claim its own invitation");
            }
            Instant now = clock.now();
            InvitationStatus.move(invitation, Invitation.CLAIMED, now);
            invitation.inviteeUma = request.inviteeUma();
            invitation.claimedAt = now;
            UmaInvitation wire = toWire(invitation, now);
            return webhooks.publish(EventType.INVITATION_CLAIMED, wire).replaceWith(wire);
        });
    }

    @WithTransaction
    public Uni<UmaInvitation> cancel(String code) {
        return find(code, true).map(invitation -> {
            Instant now = clock.now();
            InvitationStatus.move(invitation, Invitation.CANCELLED, now);
            return toWire(invitation, now);
        });
    }

    private static Uni<Invitation> find(String code, boolean forUpdate) {
        if (code == null || code.length() != CODE_LENGTH || !code.chars().allMatch(c -> CODE_ALPHABET.indexOf(c) >= 0)) {
            return Uni.createFrom().failure(notFound(code));
        }
        Uni<Invitation> found = forUpdate ? Invitation.findById(code, LockModeType.PESSIMISTIC_WRITE) : Invitation.findById(code);
        return found.map(invitation -> {
            if (invitation == null) {
                throw notFound(code);
            }
            return invitation;
        });
    }

    private static ApiException notFound(String code) {
        String shown = code == null || code.length() > 64 ? "with this code" : code;
        return new ApiException(ErrorCode.INVITATION_NOT_FOUND, "No invitation " + shown);
    }

    /** The claim URL template: configured, or in the sandbox one on the platform's UMA domain. */
    private Uni<String> claimUrl() {
        if (invitations.claimUrl().isPresent()) {
            return Uni.createFrom().item(invitations.claimUrl().get());
        }
        if (!config.sandbox()) {
            return Uni.createFrom().failure(new ApiException(ErrorCode.INVITATIONS_NOT_CONFIGURED,
                    "Invitations need the page where invitees claim them: set SVC_INVITATIONS_CLAIM_URL"));
        }
        return platform.settings().map(settings -> "https://" + settings.umaDomain() + "/invite/" + CODE_PLACEHOLDER);
    }

    private static Instant expiry(String value, Instant now, List<FieldError> errors) {
        if (value == null) {
            return null;
        }
        try {
            Instant expiresAt = OffsetDateTime.parse(value).toInstant();
            if (!expiresAt.isAfter(now)) {
                errors.add(FieldError.of("expiresAt", "Must be in the future"));
            }
            return expiresAt;
        } catch (DateTimeParseException e) {
            errors.add(new FieldError("expiresAt", FieldError.Constraint.format("date-time"), "Must be an ISO 8601 date-time"));
            return null;
        }
    }

    private String newCode() {
        StringBuilder code = new StringBuilder(CODE_LENGTH);
        for (int i = 0; i < CODE_LENGTH; i++) {
            code.append(CODE_ALPHABET.charAt(random.nextInt(CODE_ALPHABET.length())));
        }
        return code.toString();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }

    static UmaInvitation toWire(Invitation invitation, Instant now) {
        return new UmaInvitation(invitation.code, invitation.createdAt.toString(),
                invitation.claimedAt == null ? null : invitation.claimedAt.toString(), invitation.url,
                invitation.expiresAt == null ? null : invitation.expiresAt.toString(), invitation.inviterUma, invitation.inviteeUma,
                InvitationStatus.current(invitation, now), invitation.firstName,
                invitation.amountToSend == null ? null : Money.of(invitation.amountToSend, invitation.currency));
    }
}
