package payments.wallet;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import payments.common.RunTimeRandom;

/** BIP-39 mnemonics (English list): 128 bits of entropy and a 4-bit SHA-256 checksum, as 12 words. */
public final class Mnemonics {

    private static final List<String> WORDS = load();

    private Mnemonics() {
    }

    public static String generate() {
        byte[] entropy = new byte[16];
        RunTimeRandom.secure().nextBytes(entropy);
        return fromEntropy(entropy);
    }

    /** The words of {@code entropy} (16 to 32 bytes, a multiple of 4). */
    static String fromEntropy(byte[] entropy) {
        if (entropy.length < 16 || entropy.length > 32 || entropy.length % 4 != 0) {
            throw new IllegalArgumentException("BIP-39 entropy is 16 to 32 bytes, a multiple of 4");
        }
        byte[] hash;
        try {
            hash = MessageDigest.getInstance("SHA-256").digest(entropy);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        int bits = entropy.length * 8 + entropy.length / 4;
        List<String> words = new ArrayList<>();
        for (int word = 0; word < bits / 11; word++) {
            int index = 0;
            for (int bit = word * 11; bit < word * 11 + 11; bit++) {
                index = (index << 1) | bitAt(entropy, hash, bit);
            }
            words.add(WORDS.get(index));
        }
        return String.join(" ", words);
    }

    private static int bitAt(byte[] entropy, byte[] hash, int bit) {
        byte[] source = bit < entropy.length * 8 ? entropy : hash;
        int position = bit < entropy.length * 8 ? bit : bit - entropy.length * 8;
        return (source[position / 8] >> (7 - position % 8)) & 1;
    }

    private static List<String> load() {
        try (InputStream in = Mnemonics.class.getResourceAsStream("/bip39-english.txt")) {
            if (in == null) {
                throw new IllegalStateException("bip39-english.txt is missing");
            }
            List<String> words = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            if (words.size() != 2048) {
                throw new IllegalStateException("The BIP-39 list must have 2048 words, not " + words.size());
            }
            return words;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
