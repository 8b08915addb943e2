package payments.sandbox;

import payments.customer.IdentityVerdicts;
import payments.verification.DocumentCategory;
import payments.verification.PacketReviewer;
import payments.verification.Verification;
import payments.verification.VerificationIssue;

import java.util.List;

/**
 * The sandbox's reviewer: decides a complete packet at once from the simulated identity provider's
 * verdict on the individual or the business (the reference sandbox's magic values).
 */
final class SandboxPacketReviewer implements PacketReviewer {

    /** How a verdict decides a packet. */
    private enum Verdict {
        /** Approved: verification APPROVED, customer APPROVED. */
        APPROVE(Verification.APPROVED, "APPROVED"),
        /** Rejected: verification REJECTED, customer REJECTED. */
        REJECT(Verification.REJECTED, "REJECTED"),
        /** Left to a reviewer: verification PENDING_MANUAL_REVIEW, customer stays PENDING. */
        MANUAL_REVIEW(Verification.PENDING_MANUAL_REVIEW, "PENDING"),
        /** The identity document is flagged as poor quality until it is replaced (individual 003). */
        POOR_QUALITY_DOCUMENT(Verification.RESOLVE_ERRORS, "UNVERIFIED");

        private final String verificationStatus;
        private final String customerStatus;

        Verdict(String verificationStatus, String customerStatus) {
            this.verificationStatus = verificationStatus;
            this.customerStatus = customerStatus;
        }

        boolean terminal() {
            return this == APPROVE || this == REJECT;
        }

        Decision decision(List<VerificationIssue> issues) {
            return new Decision(verificationStatus, customerStatus, issues, terminal());
        }

        static Verdict forIndividual(String kycVerdict) {
            return switch (kycVerdict) {
                case "PENDING" -> MANUAL_REVIEW;
                case "REJECTED" -> REJECT;
                case "UNVERIFIED" -> POOR_QUALITY_DOCUMENT;
                default -> APPROVE;
            };
        }

        static Verdict forBusiness(String kybVerdict) {
            return switch (kybVerdict) {
                case "UNVERIFIED" -> MANUAL_REVIEW;
                case "REJECTED" -> REJECT;
                default -> APPROVE;
            };
        }
    }

    private final IdentityVerdicts verdicts;

    SandboxPacketReviewer(IdentityVerdicts verdicts) {
        this.verdicts = verdicts;
    }

    @Override
    public boolean decidesAtOnce() {
        return true;
    }

    @Override
    public Decision decide(Packet packet) {
        Verdict verdict = packet.business() ? Verdict.forBusiness(verdicts.business(packet.registrationNumber()))
                : Verdict.forIndividual(verdicts.individual(packet.fullName()));
        if (verdict != Verdict.POOR_QUALITY_DOCUMENT) {
            return verdict.decision(List.of());
        }
        List<PacketDocument> identity = packet.documents().stream()
                .filter(doc -> doc.holderId().equals(packet.customerId()) && DocumentCategory.IDENTITY.satisfiedBy(doc.documentType()))
                .toList();
        if (identity.stream().anyMatch(PacketDocument::replaced)) {
            return Verdict.APPROVE.decision(List.of());
        }
        return verdict.decision(identity.stream().map(doc -> new VerificationIssue(doc.id(), "POOR_QUALITY_DOCUMENT", null,
                "The document image is too poor to read; upload a clearer copy with PUT /documents/" + doc.id(), null)).toList());
    }

    @Override
    public String ownerStatus(String lastName) {
        return verdicts.beneficialOwner(lastName);
    }

    /** Businesses decided outright skip the paperwork check (as the reference sandbox does). */
    @Override
    public boolean skipsPaperwork(boolean business, String registrationNumber) {
        return business && Verdict.forBusiness(verdicts.business(registrationNumber)).terminal();
    }
}
