package payments.verification;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.Sha256;
import payments.common.web.HostedPages;
import payments.customer.ContactVerificationService;
import payments.customer.Customer;
import payments.customer.CustomerService;
import payments.customer.IdentityVerdicts;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;

/**
 * Hosted verification links: single use, expiring, served by the sandbox's own hosted page
 * ({@link HostedKycResource}), which submits the packet like {@code POST /verifications} does.
 */
@ApplicationScoped
public class KycLinkService {

    static final Duration LINK_LIFETIME = Duration.ofHours(24);
    static final String PROVIDER = "SUMSUB";
    static final String HOSTED_PATH = "hosted/kyc/";
    private static final int MAX_REDIRECT_LENGTH = 2048;

    /** A link that can still be used, with its customer and what the customer's packet lacks. */
    public record OpenLink(KycLink link, Customer customer, List<VerificationIssue> issues) {
    }

    /** The hosted page's submission result and where to send the customer afterwards. */
    public record Submitted(VerificationResponse verification, String redirectUri) {
    }

    private final VerificationService verifications;
    private final DocumentService documents;
    private final JsonText json;
    private final ServerClock clock;
    private final IdentityVerdicts provider;

    public KycLinkService(VerificationService verifications, DocumentService documents, JsonText json, ServerClock clock,
                          IdentityVerdicts provider) {
        this.verifications = verifications;
        this.documents = documents;
        this.json = json;
        this.clock = clock;
        this.provider = provider;
    }

    @WithTransaction
    public Uni<KycLinkResponse> create(String customerId, JsonBody<KycLinkRequest> body, URI baseUri) {
        if (!provider.hostsVerificationPages()) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "No verification provider is configured on this server; collect the data and use POST /verifications");
        }
        String redirectUri = redirectUri(body);
        return CustomerService.findForChange(customerId).flatMap(customer -> {
            if (!ContactVerificationService.contactsVerified(customer.contactVerification == null ? null
                    : json.read(customer.contactVerification))) {
                throw new ApiException(ErrorCode.CONFLICT, "The customer's email and phone must both be VERIFIED before a "
                        + "verification link can be issued (POST /customers/{customerId}/verify-email and /verify-phone)");
            }
            KycLink link = new KycLink();
            String token = HostedPages.newToken(24);
            // Only the token's hash is stored: the database alone cannot open the page.
            link.token = Sha256.hex(token);
            link.customerId = customer.id;
            link.redirectUri = redirectUri;
            link.createdAt = clock.now();
            link.expiresAt = link.createdAt.plus(LINK_LIFETIME);
            return link.persist().map(saved -> new KycLinkResponse(baseUri.resolve(HOSTED_PATH + token).toString(),
                    link.expiresAt.toString(), PROVIDER, null));
        });
    }

    /** The link behind a hosted page, if it can still be used. */
    @WithSession
    public Uni<OpenLink> open(String token) {
        return openLink(token, false);
    }

    /**
     * The hosted page's submission: stores the uploaded document, if any, then submits the packet.
     * The link is spent once the packet goes through (to review or a decision).
     */
    @WithTransaction
    public Uni<Submitted> submit(String token, DocumentUpload upload) {
        return openLink(token, true).flatMap(open -> {
            String customerId = open.customer().wireId();
            Uni<?> stored = upload.file() == null ? Uni.createFrom().voidItem()
                    : documents.upload(upload.withHolder(customerId), "KYC_LINK:" + customerId);
            return stored.flatMap(done -> verifications.submitFor(customerId)).map(result -> {
                if (!Verification.RESOLVE_ERRORS.equals(result.verificationStatus())) {
                    open.link().usedAt = clock.now();
                }
                return new Submitted(result, open.link().redirectUri);
            });
        });
    }

    private Uni<OpenLink> openLink(String token, boolean forUpdate) {
        String stored = Sha256.hex(token);
        Uni<KycLink> found = forUpdate ? KycLink.findById(stored, LockModeType.PESSIMISTIC_WRITE) : KycLink.findById(stored);
        return found.flatMap(link -> {
            if (link == null || !provider.hostsVerificationPages()) {
                throw new ApiException(ErrorCode.NOT_FOUND, "This verification link does not exist");
            }
            if (link.usedAt != null || link.expiresAt.isBefore(clock.now())) {
                throw new ApiException(ErrorCode.LINK_EXPIRED, "This verification link has been used or has expired; "
                        + "ask for a new one");
            }
            return CustomerService.find(IdType.CUSTOMER.wireId(link.customerId), false).flatMap(customer ->
                    verifications.issuesFor(customer).map(issues -> new OpenLink(link, customer, issues)));
        });
    }

    /** The optional body of POST /customers/{id}/kyc-link: where the hosted pages send the customer back to. */
    public record KycLinkRequest(String redirectUri) {
    }

    private static String redirectUri(JsonBody<KycLinkRequest> body) {
        KycLinkRequest request = body.bound().valid(new FieldError("redirectUri", FieldError.Constraint.format("url"),
                "Must be an https:// (or http:// for local development) URI"),
                given -> given == null || given.redirectUri() == null || isRedirectUri(given.redirectUri()));
        return request == null ? null : request.redirectUri();
    }

    private static boolean isRedirectUri(String text) {
        try {
            return text.length() <= MAX_REDIRECT_LENGTH && (text.startsWith("https://") || text.startsWith("http://"))
                    && new URI(text).getHost() != null;
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
