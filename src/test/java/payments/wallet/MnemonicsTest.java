package payments.wallet;

import org.junit.jupiter.api.Test;

import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The BIP-39 specification's English test vectors. */
class MnemonicsTest {

    @Test
    void theSpecificationsVectors() {
        assertEquals("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
                Mnemonics.fromEntropy(new byte[16]));
        assertEquals("legal winner thank year wave sausage worth useful legal winner thank yellow",
                Mnemonics.fromEntropy(HexFormat.of().parseHex("7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f")));
        assertEquals("letter advice cage absurd amount doctor acoustic avoid letter advice cage above",
                Mnemonics.fromEntropy(HexFormat.of().parseHex("80808080808080808080808080808080")));
        assertEquals("zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong",
                Mnemonics.fromEntropy(HexFormat.of().parseHex("ffffffffffffffffffffffffffffffff")));
        assertEquals(24, Mnemonics.fromEntropy(new byte[32]).split(" ").length);
        assertEquals(12, Mnemonics.generate().split(" ").length);
    }
}
