package payments.verification;

import java.util.List;
import java.util.Optional;

/**
 * Who decides a complete verification packet: at once, from the identity provider's verdicts (the
 * sandbox's rules, {@code sandbox.SandboxPacketReviewer}), or a person through the operator review
 * queue ({@link ComplianceReviews}; {@link #OPERATOR_QUEUE}, production's). Chosen once, by
 * {@code svc.verifications.reviewer}, in {@code sandbox.SandboxProviders}.
 */
public interface PacketReviewer {

    /** A complete packet as the reviewer sees it. */
    record Packet(String customerId, boolean business, String fullName, String registrationNumber, List<PacketDocument> documents) {
    }

    /** One of the customer's documents; {@code replaced} when a newer upload took its place. */
    record PacketDocument(String id, String holderId, String documentType, boolean replaced) {
    }

    /**
     * A decision: the packet's status, the customer's KYC/KYB status, what is wrong with the packet, and
     * whether it is final (then a business's owners are decided too).
     */
    record Decision(String verificationStatus, String customerStatus, List<VerificationIssue> issues, boolean terminal) {
    }

    /** Whether a packet is decided as soon as it is complete (a job runs {@link #decide}); false: it waits for a person. */
    boolean decidesAtOnce();

    /** The decision on a complete packet. */
    Decision decide(Packet packet);

    /** A beneficial owner's KYC status once its business is decided. */
    String ownerStatus(String lastName);

    /** Whether a business is decided without the paperwork (its documents and owners are not asked for). */
    boolean skipsPaperwork(boolean business, String registrationNumber);

    /** The platform's compliance staff decide every packet (ComplianceReviews). */
    PacketReviewer OPERATOR_QUEUE = new PacketReviewer() {
        @Override
        public boolean decidesAtOnce() {
            return false;
        }

        @Override
        public Decision decide(Packet packet) {
            throw new IllegalStateException("The operator queue decides no packet at once");
        }

        @Override
        public String ownerStatus(String lastName) {
            throw new IllegalStateException("The operator queue decides owners with their business");
        }

        @Override
        public boolean skipsPaperwork(boolean business, String registrationNumber) {
            return false;
        }
    };
}
