package payments.sandbox;

import org.junit.jupiter.api.Test;
import payments.common.ServerConfig;
import payments.customer.IdentityVerdicts;
import payments.verification.PacketReviewer;
import payments.verification.VerificationsConfig;

import java.lang.reflect.Proxy;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** svc.verifications.reviewer chooses who decides a packet, once: the sandbox's rules exist only in the sandbox. */
class PacketReviewerChoiceTest {

    private final SandboxProviders providers = new SandboxProviders();

    private static ServerConfig mode(boolean sandbox) {
        return (ServerConfig) Proxy.newProxyInstance(ServerConfig.class.getClassLoader(), new Class<?>[] {ServerConfig.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("sandbox")) {
                        return sandbox;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    private static VerificationsConfig reviewer(String name) {
        return () -> Optional.ofNullable(name);
    }

    @Test
    void eachModeHasItsDefault() {
        assertTrue(providers.packetReviewer(mode(true), reviewer(null), IdentityVerdicts.NONE).decidesAtOnce());
        assertSame(PacketReviewer.OPERATOR_QUEUE, providers.packetReviewer(mode(false), reviewer(null), IdentityVerdicts.NONE));
        assertFalse(PacketReviewer.OPERATOR_QUEUE.skipsPaperwork(true, "anything"));
    }

    @Test
    void theSandboxMayUseTheQueueAndProductionNeverTheSandboxsRules() {
        assertSame(PacketReviewer.OPERATOR_QUEUE, providers.packetReviewer(mode(true), reviewer("OPERATOR_QUEUE"), IdentityVerdicts.NONE));
        assertThrows(IllegalArgumentException.class,
                () -> providers.packetReviewer(mode(false), reviewer("SANDBOX_RULES"), IdentityVerdicts.NONE));
        assertThrows(IllegalArgumentException.class, () -> providers.packetReviewer(mode(true), reviewer("NOBODY"), IdentityVerdicts.NONE));
    }
}
