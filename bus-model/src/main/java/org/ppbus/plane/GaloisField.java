package org.ppbus.plane;

import java.util.ArrayList;
import java.util.List;

/**
 * The finite field GF(p^k), built from an irreducible polynomial over GF(p) that is found by search
 * rather than tabulated. Elements are the integers 0..q-1, read as base-p digit vectors
 * (coefficient of x^0 first). Addition and multiplication are precomputed tables, which is cheap
 * for the q ≤ 64 (and q^3 for the Singer construction is done elsewhere) that ppbus needs.
 */
public final class GaloisField {
    private final int prime;
    private final int degree;
    private final int order;
    private final int[] modulus; // monic, degree+1 coefficients, low first
    private final int[][] add;
    private final int[][] mul;

    private GaloisField(int prime, int degree) {
        this.prime = prime;
        this.degree = degree;
        this.order = pow(prime, degree);
        this.modulus = findIrreducible(prime, degree);
        this.add = new int[order][order];
        this.mul = new int[order][order];
        for (int a = 0; a < order; a++) {
            for (int b = 0; b < order; b++) {
                add[a][b] = encode(addVectors(decode(a), decode(b)));
                mul[a][b] = encode(mulMod(decode(a), decode(b)));
            }
        }
    }

    /** The field of the given prime-power order. */
    public static GaloisField of(int order) {
        int[] pk = PrimePowers.decompose(order);
        if (pk == null) {
            throw new IllegalArgumentException("not a prime power: " + order);
        }
        return new GaloisField(pk[0], pk[1]);
    }

    public int order() {
        return order;
    }

    public int characteristic() {
        return prime;
    }

    /** The irreducible polynomial used, coefficients low first (monic). */
    public int[] modulus() {
        return modulus.clone();
    }

    public int add(int a, int b) {
        return add[a][b];
    }

    public int mul(int a, int b) {
        return mul[a][b];
    }

    public int neg(int a) {
        for (int b = 0; b < order; b++) {
            if (add[a][b] == 0) {
                return b;
            }
        }
        throw new AssertionError("no additive inverse for " + a);
    }

    private int[] decode(int a) {
        int[] v = new int[degree];
        for (int i = 0; i < degree; i++) {
            v[i] = a % prime;
            a /= prime;
        }
        return v;
    }

    private int encode(int[] v) {
        int a = 0;
        for (int i = degree - 1; i >= 0; i--) {
            a = a * prime + v[i];
        }
        return a;
    }

    private int[] addVectors(int[] a, int[] b) {
        int[] r = new int[degree];
        for (int i = 0; i < degree; i++) {
            r[i] = (a[i] + b[i]) % prime;
        }
        return r;
    }

    private int[] mulMod(int[] a, int[] b) {
        int[] prod = new int[2 * degree];
        for (int i = 0; i < degree; i++) {
            for (int j = 0; j < degree; j++) {
                prod[i + j] = (prod[i + j] + a[i] * b[j]) % prime;
            }
        }
        // Reduce from the top: x^degree = -(modulus without its leading term).
        for (int top = 2 * degree - 1; top >= degree; top--) {
            int c = prod[top];
            if (c == 0) {
                continue;
            }
            prod[top] = 0;
            for (int i = 0; i < degree; i++) {
                int idx = top - degree + i;
                prod[idx] = Math.floorMod(prod[idx] - c * modulus[i], prime);
            }
        }
        int[] r = new int[degree];
        System.arraycopy(prod, 0, r, 0, degree);
        return r;
    }

    /** The first monic irreducible polynomial of the given degree over GF(p), in enumeration order. */
    static int[] findIrreducible(int p, int k) {
        int count = pow(p, k);
        for (int tail = 0; tail < count; tail++) {
            int[] f = monic(p, k, tail);
            if (isIrreducible(f, p)) {
                return f;
            }
        }
        throw new AssertionError("no irreducible polynomial of degree " + k + " over GF(" + p + ")");
    }

    private static int[] monic(int p, int k, int tail) {
        int[] f = new int[k + 1];
        for (int i = 0; i < k; i++) {
            f[i] = tail % p;
            tail /= p;
        }
        f[k] = 1;
        return f;
    }

    /** Irreducible iff no monic factor of degree 1..k/2 divides it. */
    static boolean isIrreducible(int[] f, int p) {
        int k = f.length - 1;
        if (k == 1) {
            return true;
        }
        for (int d = 1; d <= k / 2; d++) {
            int count = pow(p, d);
            for (int tail = 0; tail < count; tail++) {
                if (divides(monic(p, d, tail), f, p)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean divides(int[] g, int[] f, int p) {
        int[] r = f.clone();
        int dg = g.length - 1;
        for (int top = r.length - 1; top >= dg; top--) {
            int c = r[top];
            if (c == 0) {
                continue;
            }
            for (int i = 0; i <= dg; i++) {
                int idx = top - dg + i;
                r[idx] = Math.floorMod(r[idx] - c * g[i], p);
            }
        }
        for (int i = 0; i < dg; i++) {
            if (r[i] != 0) {
                return false;
            }
        }
        return true;
    }

    static int pow(int b, int e) {
        int r = 1;
        for (int i = 0; i < e; i++) {
            r = Math.multiplyExact(r, b);
        }
        return r;
    }

    /** Distinct prime factors of m, by trial division. */
    static List<Long> primeFactors(long m) {
        List<Long> fs = new ArrayList<>();
        for (long d = 2; d * d <= m; d++) {
            if (m % d == 0) {
                fs.add(d);
                while (m % d == 0) {
                    m /= d;
                }
            }
        }
        if (m > 1) {
            fs.add(m);
        }
        return fs;
    }
}
