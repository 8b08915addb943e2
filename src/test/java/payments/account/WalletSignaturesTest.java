package payments.account;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Vectors made with independent signers: ethers 6 (Wallet.signMessage) and tweetnacl (Ed25519). */
public class WalletSignaturesTest {

    static final String MESSAGE = "I verify that I control this wallet. Nonce: test-vector-1";
    static final String EVM_ADDRESS = "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23";
    static final String EVM_SIGNATURE = "0xa9f7b6f18630b8f150bc02b6dc2cb3b55fb4376ce5822825ef9ef261453571915c5b7c56143acc0c"
            + "85b1710a5db1381422c9941d049ca70323d56306c43f19581b";
    public static final String SOLANA_ADDRESS = "9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj";
    static final String SOLANA_SIGNATURE = "5fUnvc8qKCJ8BoStgymHrmP15oHndJkZjwTQwSGdq5eaWVk6xguNXsLy9gVun4t8b4NJKMSCBz6RoCbcqHEvGG67";

    @Test
    void evmPersonalSignatures() {
        assertTrue(WalletSignatures.verify("ETHEREUM_WALLET", EVM_ADDRESS, MESSAGE, EVM_SIGNATURE));
        assertTrue(WalletSignatures.verify("BASE_WALLET", EVM_ADDRESS.toLowerCase(), MESSAGE, EVM_SIGNATURE));
        assertFalse(WalletSignatures.verify("ETHEREUM_WALLET", EVM_ADDRESS, MESSAGE + "!", EVM_SIGNATURE));
        assertFalse(WalletSignatures.verify("ETHEREUM_WALLET", "0x0000000000000000000000000000000000000001", MESSAGE, EVM_SIGNATURE));
        assertFalse(WalletSignatures.verify("ETHEREUM_WALLET", EVM_ADDRESS, MESSAGE, "0x1234"));
        assertFalse(WalletSignatures.verify("ETHEREUM_WALLET", EVM_ADDRESS, MESSAGE, "not hex"));
    }

    @Test
    void solanaEd25519Signatures() {
        assertTrue(WalletSignatures.verify("SOLANA_WALLET", SOLANA_ADDRESS, MESSAGE, SOLANA_SIGNATURE));
        assertFalse(WalletSignatures.verify("SOLANA_WALLET", SOLANA_ADDRESS, MESSAGE + "!", SOLANA_SIGNATURE));
        assertFalse(WalletSignatures.verify("SOLANA_WALLET", SOLANA_ADDRESS, MESSAGE, "0OIl"));
        assertFalse(WalletSignatures.verify("SPARK_WALLET", SOLANA_ADDRESS, MESSAGE, SOLANA_SIGNATURE));
    }
}
