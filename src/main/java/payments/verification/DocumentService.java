package payments.verification;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.common.schema.SchemaValidator;
import payments.common.security.Caller;
import payments.customer.Customer;
import payments.customer.CustomerService;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Verification documents: uploaded as multipart, bytes kept in PostgreSQL, metadata on the wire. */
@ApplicationScoped
public class DocumentService {

    public static final ErrorCode NOT_FOUND = ErrorCode.DOCUMENT_NOT_FOUND;
    private static final List<String> SIDES = List.of("FRONT", "BACK");
    private static final int MAX_TEXT = 255;

    private final Vertx vertx;
    private final ServerClock clock;
    private final ServerConfig config;
    private final DocumentScreening screening;
    private final ComplianceReviews reviews;

    public DocumentService(Vertx vertx, ServerClock clock, ServerConfig config, DocumentScreening screening,
                           ComplianceReviews reviews) {
        this.screening = screening;
        this.reviews = reviews;
        this.vertx = vertx;
        this.clock = clock;
        this.config = config;
    }

    /** POST /documents. */
    @WithTransaction
    public Uni<DocumentResponse> upload(DocumentUpload form, Caller caller) {
        return upload(form, caller.scope());
    }

    /**
     * Stores a new document; for a customer under review or approved it joins the review, which
     * starts again ({@link #joinReview}). {@code actor} names the uploader in the audit log. Call
     * inside a transaction.
     */
    Uni<DocumentResponse> upload(DocumentUpload form, String actor) {
        List<FieldError> errors = new ArrayList<>();
        if (form.documentHolder() == null || form.documentHolder().isBlank()) {
            errors.add(FieldError.of("documentHolder", "Is required: a Customer or BeneficialOwner id"));
        } else if (!Ids.isValid(IdType.CUSTOMER, form.documentHolder()) && !Ids.isValid(IdType.BENEFICIAL_OWNER, form.documentHolder())) {
            errors.add(new FieldError("documentHolder", FieldError.Constraint.idOf(IdType.CUSTOMER, IdType.BENEFICIAL_OWNER),
                    "Must be a Customer or BeneficialOwner id"));
        }
        return checkedFile(form, errors)
                .flatMap(content -> holderCustomer(form.documentHolder()).flatMap(customer -> {
                    screen(form);
                    Document document = new Document();
                    document.id = Ids.newUuid();
                    document.holderId = form.documentHolder();
                    document.customerId = customer.id;
                    document.createdAt = clock.now();
                    apply(document, form, content);
                    DocumentFile file = new DocumentFile();
                    file.documentId = document.id;
                    file.content = content;
                    return document.persist().call(file::persist)
                            .call(() -> joinReview(customer, document, "Document " + document.wireId() + " ("
                                    + document.documentType + ") uploaded", actor))
                            .map(saved -> toWire(document));
                }));
    }

    /**
     * PUT /documents/{id}: the file replaced. For a customer under review or approved the new file
     * joins the review, which starts again ({@link #joinReview}); otherwise (a document to redo, say)
     * it goes with the customer's next submission.
     */
    @WithTransaction
    public Uni<DocumentResponse> replace(String documentId, DocumentUpload form, Caller caller) {
        return checkedFile(form, new ArrayList<>())
                .flatMap(content -> find(documentId).flatMap(document -> CustomerService.findForChange(
                        IdType.CUSTOMER.wireId(document.customerId)).flatMap(customer -> {
                    screen(form);
                    apply(document, form, content);
                    document.replacedAt = document.updatedAt;
                    document.submittedAt = null;
                    return DocumentFile.<DocumentFile>findById(document.id)
                            .invoke(file -> file.content = content)
                            .call(() -> joinReview(customer, document, "Document " + documentId + " (" + document.documentType
                                    + ") replaced by the platform", caller.scope()))
                            .map(file -> toWire(document));
                })));
    }

    /**
     * A document of a customer under review or approved goes with the review, which starts again
     * ({@link ComplianceReviews#changed}): stamped as submitted, so it can no longer be deleted.
     * Nothing for other customers.
     */
    private Uni<Void> joinReview(Customer customer, Document document, String what, String actor) {
        if (!ComplianceReviews.REVIEWED.contains(customer.verificationStatus)) {
            return Uni.createFrom().voidItem();
        }
        document.submittedAt = document.updatedAt;
        return reviews.changed(customer, what, actor);
    }

    @WithSession
    public Uni<DocumentResponse> get(String documentId) {
        return find(documentId).map(DocumentService::toWire);
    }

    @WithSession
    public Uni<Page<DocumentResponse>> list(String documentHolder, String limit, String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        QueryFilters filters = new QueryFilters().equal("holderId", "holderId", documentHolder).page("id", page);
        return Page.fetch(Document.<Document>find(filters.clause(), Sort.descending("id"), filters.params()),
                () -> Document.count(filters.countClause(), filters.countParams()), page, d -> d.id.toString(),
                DocumentService::toWire);
    }

    /**
     * DELETE /documents/{id}: 409 once the document went with a submitted packet, or while its
     * customer is under review or approved (what the review decides on may not go unseen).
     */
    @WithTransaction
    public Uni<Void> delete(String documentId) {
        return find(documentId).flatMap(document -> CustomerService.find(IdType.CUSTOMER.wireId(document.customerId), true)
                .flatMap(customer -> {
                    if (document.submittedAt != null || ComplianceReviews.REVIEWED.contains(customer.verificationStatus)) {
                        throw new ApiException(ErrorCode.CONFLICT, "Document " + documentId + " is part of the verification of "
                                + customer.wireId() + " (" + customer.verificationStatus + ") and can no longer be deleted;"
                                + " replace it with PUT instead");
                    }
                    return document.delete();
                }));
    }

    /** The documents of a customer and of its beneficial owners (call in a session). */
    static Uni<List<Document>> documentsOf(UUID customerId) {
        return Document.list("customerId", Sort.ascending("id"), customerId);
    }

    static DocumentResponse toWire(Document document) {
        return new DocumentResponse(document.wireId(), document.holderId, document.documentType, document.side,
                document.country, document.documentNumber, document.issuingAuthority, document.fileName,
                document.createdAt.toString(), document.updatedAt.toString());
    }

    private static Uni<Document> find(String documentId) {
        return Ids.find(IdType.DOCUMENT, documentId, NOT_FOUND, "Document", id -> Document.findById(id));
    }

    /** 400 with the document code the provider's first look finds; nothing is stored. */
    private void screen(DocumentUpload form) {
        screening.problem(form.fileName()).ifPresent(problem -> {
            throw new ApiException(problem, problem.meaning(), Map.of("field", "file", "fileName", form.fileName()));
        });
    }

    /** The customer a holder belongs to (the customer locked, so a deleted one is refused). */
    private static Uni<Customer> holderCustomer(String holderId) {
        Uni<String> customerId = Ids.isValid(IdType.CUSTOMER, holderId) ? Uni.createFrom().item(holderId)
                : BeneficialOwnerService.find(holderId, false).map(owner -> IdType.CUSTOMER.wireId(owner.customerId));
        return customerId.flatMap(CustomerService::findForChange);
    }

    /** Checks the metadata fields and the file together, so a bad upload lists every problem at once. */
    private Uni<byte[]> checkedFile(DocumentUpload form, List<FieldError> errors) {
        if (form.documentType() == null) {
            errors.add(FieldError.of("documentType", "Is required"));
        } else if (!DocumentCategory.DOCUMENT_TYPES.contains(form.documentType())) {
            errors.add(new FieldError("documentType", FieldError.Constraint.oneOf(DocumentCategory.DOCUMENT_TYPES),
                    "Not a document type"));
        }
        if (form.side() != null && !SIDES.contains(form.side())) {
            errors.add(new FieldError("side", FieldError.Constraint.oneOf(SIDES), "Must be FRONT or BACK"));
        }
        if (form.country() == null) {
            errors.add(FieldError.of("country", "Is required"));
        } else if (!SchemaValidator.matchesFormat("country", form.country())) {
            errors.add(new FieldError("country", FieldError.Constraint.format("country"), "Must be an ISO 3166-1 alpha-2 country code"));
        }
        checkLength("documentNumber", form.documentNumber(), errors);
        checkLength("issuingAuthority", form.issuingAuthority(), errors);
        if (form.file() == null) {
            errors.add(FieldError.of("file", "Is required: the document as a PDF, JPEG or PNG file"));
            throw ApiException.invalidInput(errors);
        }
        return vertx.fileSystem().readFile(form.file().toString()).map(buffer -> {
            byte[] content = buffer.getBytes();
            if (content.length == 0) {
                errors.add(FieldError.of("file", "Is empty"));
            } else if (content.length > config.maxDocumentBytes()) {
                errors.add(FieldError.of("file", "Is larger than " + config.maxDocumentBytes() + " bytes"));
            } else if (FileKind.of(content).isEmpty()) {
                errors.add(FieldError.of("file", "Must be a PDF, JPEG or PNG file"));
            }
            if (!errors.isEmpty()) {
                throw ApiException.invalidInput(errors);
            }
            return content;
        });
    }

    private void apply(Document document, DocumentUpload form, byte[] content) {
        document.documentType = form.documentType();
        document.side = form.side();
        document.country = form.country();
        document.documentNumber = form.documentNumber();
        document.issuingAuthority = form.issuingAuthority();
        String name = form.fileName() == null || form.fileName().isBlank() ? "document" : form.fileName();
        document.fileName = name.length() > MAX_TEXT ? name.substring(name.length() - MAX_TEXT) : name;
        document.contentType = FileKind.of(content).orElseThrow().contentType();
        document.sizeBytes = content.length;
        document.updatedAt = clock.now();
    }

    private static void checkLength(String field, String value, List<FieldError> errors) {
        if (value != null && (value.isBlank() || value.length() > MAX_TEXT)) {
            errors.add(new FieldError(field, FieldError.Constraint.length(1, MAX_TEXT), "Must be 1 to " + MAX_TEXT + " characters"));
        }
    }
}
