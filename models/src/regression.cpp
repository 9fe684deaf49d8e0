// Multiple linear regression of kernel durations (see regression.hpp and
// docs/calibration.md).
#include "hccmodels/regression.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <set>
#include <stdexcept>

namespace hcc::models {
namespace {

bool is_ident_start(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}
bool is_ident_char(char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }

bool is_identifier(const std::string& s) {
  return !s.empty() && is_ident_start(s[0]) && std::all_of(s.begin(), s.end(), is_ident_char);
}

// Recursive-descent parser for parse_terms; errors carry the offset.
class TermParser {
 public:
  explicit TermParser(const std::string& text) : s_(text) {}

  std::vector<Term> parse() {
    std::vector<Term> terms;
    skip_blanks();
    if (pos_ == s_.size()) return terms;  // empty list: intercept-only model
    for (;;) {
      skip_blanks();
      const std::size_t start = pos_;
      Term t = term();
      if (std::find(terms.begin(), terms.end(), t) != terms.end()) {
        pos_ = start;  // report the duplicate's start
        fail("term '" + t.str() + "' is listed twice", "remove the duplicate");
      }
      terms.push_back(std::move(t));
      skip_blanks();
      if (pos_ == s_.size()) return terms;
      if (s_[pos_] != ',') fail("expected ',' or '*'", "separate terms with ',' and factors with '*'");
      ++pos_;
    }
  }

 private:
  [[noreturn]] void fail(const std::string& what, const std::string& hint) const {
    throw std::invalid_argument("parse_terms: " + what + " at position " + std::to_string(pos_) +
                                " in \"" + s_ + "\" (hint: " + hint + ")");
  }

  void skip_blanks() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t')) ++pos_;
  }

  Term term() {
    skip_blanks();
    Term t;
    if (pos_ < s_.size() && s_[pos_] == '1' &&
        (pos_ + 1 == s_.size() || !is_ident_char(s_[pos_ + 1]))) {
      ++pos_;  // the constant term
      return t;
    }
    for (;;) {
      skip_blanks();
      if (pos_ == s_.size() || !is_ident_start(s_[pos_]))
        fail(pos_ == s_.size() ? "missing parameter name" : "expected a parameter name",
             "a term is '1' or a product like NB^3*BK; names are [A-Za-z_][A-Za-z0-9_]*");
      const std::size_t start = pos_;
      while (pos_ < s_.size() && is_ident_char(s_[pos_])) ++pos_;
      std::string name = s_.substr(start, pos_ - start);
      int exponent = 1;
      skip_blanks();
      if (pos_ < s_.size() && s_[pos_] == '^') {
        ++pos_;
        skip_blanks();
        const std::size_t estart = pos_;
        while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9' && pos_ - estart < 3) ++pos_;
        exponent = pos_ == estart ? 0 : std::stoi(s_.substr(estart, pos_ - estart));
        if (exponent < 1 || exponent > 64) {
          pos_ = estart;
          fail("expected an exponent", "exponents are integers from 1 to 64, e.g. NB^3");
        }
      }
      // Merge a repeated parameter (NB*NB == NB^2) so equal terms compare equal.
      auto it = std::find_if(t.factors.begin(), t.factors.end(),
                             [&](const auto& f) { return f.first == name; });
      if (it != t.factors.end())
        it->second += exponent;
      else
        t.factors.emplace_back(std::move(name), exponent);
      skip_blanks();
      if (pos_ < s_.size() && s_[pos_] == '*') {
        ++pos_;
        continue;
      }
      return t;
    }
  }

  const std::string& s_;
  std::size_t pos_ = 0;
};

using Eigen::MatrixXd;
using Eigen::VectorXd;

// Column-pivoting QR of X with each column scaled to unit norm first, so that
// columns of very different magnitude (1 next to NB^3 ~ 1e9) do not upset the
// pivoting and rank decisions. The solution is unscaled again by solve().
struct ScaledQR {
  VectorXd scale;
  Eigen::ColPivHouseholderQR<MatrixXd> qr;

  explicit ScaledQR(const MatrixXd& X) : scale(X.colwise().norm().transpose()) {
    for (Eigen::Index j = 0; j < scale.size(); ++j)
      if (scale[j] == 0) scale[j] = 1;  // an all-zero column: rank deficient anyway
    // Columns whose (scaled) pivot falls below 1e-10 of the largest count as
    // linearly dependent: safely above roundoff, far below real signal.
    qr.setThreshold(1e-10);
    qr.compute(X * scale.cwiseInverse().asDiagonal());
  }
  VectorXd solve(const VectorXd& y) const { return qr.solve(y).cwiseQuotient(scale); }
};

// 5-fold (fewer when n < 5) cross-validated RMSE; observation i is in fold
// i % k. Training sets are solved even if rank deficient (the QR then gives a
// basic solution), which just scores badly.
double cross_validated_rmse(const MatrixXd& X, const VectorXd& y) {
  const Eigen::Index n = X.rows(), k = std::min<Eigen::Index>(5, n);
  double sum_sq = 0;
  for (Eigen::Index f = 0; f < k; ++f) {
    std::vector<Eigen::Index> train;
    for (Eigen::Index i = 0; i < n; ++i)
      if (i % k != f) train.push_back(i);
    MatrixXd Xt(static_cast<Eigen::Index>(train.size()), X.cols());
    VectorXd yt(Xt.rows());
    for (Eigen::Index r = 0; r < Xt.rows(); ++r) {
      Xt.row(r) = X.row(train[r]);
      yt[r] = y[train[r]];
    }
    const VectorXd beta = ScaledQR(Xt).solve(yt);
    for (Eigen::Index i = f; i < n; i += k) {
      const double e = y[i] - X.row(i).dot(beta);
      sum_sq += e * e;
    }
  }
  return std::sqrt(sum_sq / static_cast<double>(n));
}

// The square roots of the observations' weights, scaled to a mean weight
// of 1: a row of the design and its response multiplied by them make the
// least squares weighted (each observation counts its weight's times),
// while the statistics keep the number of observations as their count.
VectorXd root_weights(const std::vector<Observation>& obs) {
  double total = 0;
  for (std::size_t i = 0; i < obs.size(); ++i) {
    if (!(obs[i].weight > 0 && std::isfinite(obs[i].weight)))
      throw std::invalid_argument("regression: observation " + std::to_string(i) +
                                  " has a weight that is not a positive number");
    total += obs[i].weight;
  }
  VectorXd w(static_cast<Eigen::Index>(obs.size()));
  for (std::size_t i = 0; i < obs.size(); ++i)
    w[static_cast<Eigen::Index>(i)] = std::sqrt(obs[i].weight * static_cast<double>(obs.size()) / total);
  return w;
}

// The full fit of y on the columns of X (column 0 is the intercept), each
// observation weighted by the square of its root weight sw.
RegressionFit fit_design(const MatrixXd& X_unweighted, const VectorXd& y_unweighted, const VectorXd& sw,
                         std::vector<Term> terms) {
  const MatrixXd X = sw.asDiagonal() * X_unweighted;
  const VectorXd y = sw.cwiseProduct(y_unweighted);
  const Eigen::Index n = X.rows(), k = X.cols();
  if (n < k + 1)
    throw std::invalid_argument("regression fit: " + std::to_string(n) + " observations for " +
                                std::to_string(k - 1) + " terms; need at least " +
                                std::to_string(k + 1) + " (terms + 2)");
  const ScaledQR sq(X);
  if (sq.qr.rank() < k)
    throw std::invalid_argument(
        "regression fit: the terms (with the intercept) are linearly dependent on these "
        "observations; vary the parameters more or drop a term");
  const VectorXd beta = sq.solve(y);
  const VectorXd fitted = X_unweighted * beta;
  const VectorXd resid = y_unweighted - fitted;
  const VectorXd w = sw.cwiseProduct(sw);
  const double sse = w.dot(resid.cwiseProduct(resid));
  const double mean = w.dot(y_unweighted) / w.sum();
  const double sst = w.dot((y_unweighted.array() - mean).square().matrix());
  const double df = static_cast<double>(n - k);

  RegressionFit r;
  r.terms = std::move(terms);
  r.n = static_cast<std::size_t>(n);
  // Constant durations are explained exactly by the intercept (what is left
  // in the residuals is roundoff), hence R² = 1 when sst == 0.
  r.r2 = sst > 0 ? 1 - sse / sst : 1;
  r.adj_r2 = 1 - (1 - r.r2) * static_cast<double>(n - 1) / df;
  r.rmse = std::sqrt(sse / static_cast<double>(n));
  r.cv_rmse = cross_validated_rmse(X, y);

  // Cov(beta_scaled) = sigma² (Xsᵀ Xs)⁻¹ = sigma² P R⁻¹ R⁻ᵀ Pᵀ (Xs P = Q R);
  // beta = beta_scaled / scale.
  const MatrixXd R = sq.qr.matrixR().topLeftCorner(k, k).triangularView<Eigen::Upper>();
  const MatrixXd Rinv =
      R.triangularView<Eigen::Upper>().solve(MatrixXd::Identity(k, k));
  const MatrixXd cov = sq.qr.colsPermutation() * (Rinv * Rinv.transpose()) *
                       sq.qr.colsPermutation().transpose();
  const double sigma2 = sse / df;
  const double t = student_t_quantile(0.975, df);
  for (Eigen::Index j = 0; j < k; ++j) {
    const double se = std::sqrt(sigma2 * cov(j, j)) / sq.scale[j];
    r.coef.push_back(beta[j]);
    r.ci_low.push_back(beta[j] - t * se);
    r.ci_high.push_back(beta[j] + t * se);
  }
  r.residuals.assign(resid.data(), resid.data() + n);
  r.fitted.assign(fitted.data(), fitted.data() + n);
  return r;
}

VectorXd responses(const std::vector<Observation>& obs) {
  VectorXd y(static_cast<Eigen::Index>(obs.size()));
  for (std::size_t i = 0; i < obs.size(); ++i) {
    if (!std::isfinite(obs[i].seconds))
      throw std::invalid_argument("regression: observation " + std::to_string(i) +
                                  " has a non-finite duration");
    y[static_cast<Eigen::Index>(i)] = obs[i].seconds;
  }
  return y;
}

// Column of term values over the observations.
VectorXd term_column(const std::vector<Observation>& obs, const Term& t) {
  VectorXd c(static_cast<Eigen::Index>(obs.size()));
  for (std::size_t i = 0; i < obs.size(); ++i) {
    const double v = t.value(obs[i].params);
    if (!std::isfinite(v))
      throw std::invalid_argument("regression: term " + t.str() + " is not finite for observation " +
                                  std::to_string(i));
    c[static_cast<Eigen::Index>(i)] = v;
  }
  return c;
}

// Regularized incomplete beta I_x(a, b) by its continued fraction (modified
// Lentz), as in Numerical Recipes §6.4.
double incomplete_beta(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  // The continued fraction converges fast only for x < (a+1)/(a+b+2).
  if (x > (a + 1) / (a + b + 2)) return 1 - incomplete_beta(b, a, 1 - x);
  const double front =
      std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) +
               b * std::log1p(-x)) / a;
  constexpr double tiny = 1e-300, eps = 1e-15;
  double c = 1, d = 1 - (a + b) * x / (a + 1);
  if (std::fabs(d) < tiny) d = tiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= 1000; ++m) {
    const double m2 = 2.0 * m;
    double num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));  // even step
    d = 1 + num * d;
    if (std::fabs(d) < tiny) d = tiny;
    c = 1 + num / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));  // odd step
    d = 1 + num * d;
    if (std::fabs(d) < tiny) d = tiny;
    c = 1 + num / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) < eps) break;
  }
  return front * h;
}

// P(T > t) for t >= 0.
double upper_tail(double t, double df) { return 0.5 * incomplete_beta(df / 2, 0.5, df / (df + t * t)); }

std::string shortest(double v) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
}

// The C expression of a term: NB^3*BK -> NB*NB*NB*BK.
std::string c_product(const Term& t) {
  std::string s;
  for (const auto& [name, e] : t.factors)
    for (int i = 0; i < e; ++i) s += (s.empty() ? "" : "*") + name;
  return s;
}

}  // namespace

std::string Term::str() const {
  if (factors.empty()) return "1";
  std::string s;
  for (const auto& [name, e] : factors) {
    if (!s.empty()) s += '*';
    s += name;
    if (e != 1) s += '^' + std::to_string(e);
  }
  return s;
}

double Term::value(const std::map<std::string, double>& params) const {
  double v = 1;
  for (const auto& [name, e] : factors) {
    auto it = params.find(name);
    if (it == params.end())
      throw std::invalid_argument("regression: parameter '" + name + "' of term " + str() +
                                  " is missing");
    for (int i = 0; i < e; ++i) v *= it->second;  // exact for small exponents, like the emitted C
  }
  return v;
}

std::vector<Term> parse_terms(const std::string& text) { return TermParser(text).parse(); }

RegressionFit fit(const std::vector<Observation>& obs, const std::vector<Term>& terms) {
  std::vector<Term> all{Term{}};  // the intercept
  for (const Term& t : terms) {
    if (t.factors.empty()) continue;  // the intercept is always there
    for (const auto& [name, e] : t.factors)
      if (!is_identifier(name) || e < 1)
        throw std::invalid_argument("regression fit: malformed term " + t.str());
    if (std::find(all.begin(), all.end(), t) != all.end())
      throw std::invalid_argument("regression fit: term " + t.str() + " is listed twice");
    all.push_back(t);
  }
  const auto k = static_cast<Eigen::Index>(all.size());
  if (obs.size() < all.size() + 1)
    throw std::invalid_argument("regression fit: " + std::to_string(obs.size()) +
                                " observations for " + std::to_string(k - 1) +
                                " terms; need at least " + std::to_string(k + 1) + " (terms + 2)");
  MatrixXd X(static_cast<Eigen::Index>(obs.size()), k);
  for (Eigen::Index j = 0; j < k; ++j) X.col(j) = term_column(obs, all[j]);
  return fit_design(X, responses(obs), root_weights(obs), std::move(all));
}

RegressionFit select(const std::vector<Observation>& obs, const std::vector<std::string>& params,
                     int max_exponent, int max_terms, double min_gain) {
  if (max_exponent < 1 || max_exponent > 8 || max_terms < 0 || max_terms > 8 ||
      !(min_gain >= 0 && min_gain < 1))
    throw std::invalid_argument(
        "regression select: max_exponent must be 1..8, max_terms 0..8 and min_gain in [0, 1)");
  for (const std::string& p : params)
    if (!is_identifier(p) || std::count(params.begin(), params.end(), p) != 1)
      throw std::invalid_argument("regression select: parameter names must be distinct C identifiers ('" +
                                  p + "')");
  if (obs.size() < 2)
    throw std::invalid_argument("regression select: need at least 2 observations");

  // Candidates: every exponent vector (0..max_exponent per parameter) of total
  // degree 1..max_exponent+1, in order of degree, then of exponent vector
  // (descending, so NB^2 comes before NB*MB for params {NB, MB}).
  std::vector<std::vector<int>> exps;
  std::vector<int> e(params.size(), 0);
  for (;;) {
    std::size_t i = 0;
    while (i < e.size() && e[i] == max_exponent) e[i++] = 0;
    if (i == e.size()) break;
    ++e[i];
    int deg = 0;
    for (int x : e) deg += x;
    if (deg <= max_exponent + 1) exps.push_back(e);
  }
  auto degree = [](const std::vector<int>& v) {
    int d = 0;
    for (int x : v) d += x;
    return d;
  };
  std::sort(exps.begin(), exps.end(), [&](const auto& a, const auto& b) {
    return degree(a) != degree(b) ? degree(a) < degree(b) : a > b;
  });
  std::vector<Term> cands;
  for (const auto& v : exps) {
    Term t;
    for (std::size_t i = 0; i < params.size(); ++i)
      if (v[i] > 0) t.factors.emplace_back(params[i], v[i]);
    cands.push_back(std::move(t));
  }

  const VectorXd y = responses(obs);
  const VectorXd sw = root_weights(obs);
  const auto n = static_cast<Eigen::Index>(obs.size());
  MatrixXd C(n, static_cast<Eigen::Index>(cands.size()));
  for (std::size_t j = 0; j < cands.size(); ++j) C.col(static_cast<Eigen::Index>(j)) = term_column(obs, cands[j]);

  auto design = [&](const std::vector<int>& subset) {
    MatrixXd X(n, static_cast<Eigen::Index>(subset.size()) + 1);
    X.col(0).setOnes();
    for (std::size_t j = 0; j < subset.size(); ++j) X.col(static_cast<Eigen::Index>(j) + 1) = C.col(subset[j]);
    return X;
  };
  // CV RMSE of a subset, or nothing when it cannot be fitted (too few
  // observations, linearly dependent columns).
  auto score = [&](const std::vector<int>& subset) -> std::optional<double> {
    if (obs.size() < subset.size() + 2) return std::nullopt;
    const MatrixXd X = design(subset);
    if (ScaledQR(X).qr.rank() < X.cols()) return std::nullopt;
    return cross_validated_rmse(sw.asDiagonal() * X, sw.cwiseProduct(y));
  };

  // A CV RMSE lower than cur by more than min_gain (2%) of it. The absolute
  // floor (1e-10 of the RMS duration) stops roundoff-level "improvements" on
  // exact data from adding terms.
  const double floor = 1e-10 * std::sqrt(y.squaredNorm() / static_cast<double>(n));
  auto clearly_lower = [&](double cand, double cur) { return cand < (1 - min_gain) * cur && cur - cand > floor; };

  const auto max_size = std::min<std::size_t>(static_cast<std::size_t>(max_terms), cands.size());
  // best[s]: the subset of size s with the lowest CV RMSE, if any; one found
  // later (of higher degree) replaces it only when clearly lower. Runs at two
  // sizes fit `1 + work` and `1 + work^2` equally (both pass through the two
  // sizes' means), and which one's CV came out lower by a hair was noise: a
  // loop measured at n = 800 and 1200 was fitted work^2 and predicted 2.5x
  // its time at 2400.
  std::vector<std::optional<std::pair<double, std::vector<int>>>> best(max_size + 1);
  auto offer = [&](const std::vector<int>& subset) {
    const auto s = score(subset);
    auto& b = best[subset.size()];
    if (s && (!b || clearly_lower(*s, b->first))) b = std::make_pair(*s, subset);
  };

  double subsets = 0, binom = 1;  // number of subsets of size <= max_size
  for (std::size_t s = 0; s <= max_size; ++s) {
    subsets += binom;
    binom = binom * static_cast<double>(cands.size() - s) / static_cast<double>(s + 1);
  }
  if (subsets <= 5000) {
    for (std::size_t s = 0; s <= max_size; ++s) {
      std::vector<int> idx(s);
      for (std::size_t i = 0; i < s; ++i) idx[i] = static_cast<int>(i);
      for (;;) {
        offer(idx);
        // Next combination in lexicographic order.
        std::size_t i = s;
        while (i > 0 && idx[i - 1] == static_cast<int>(cands.size() - s + i - 1)) --i;
        if (i == 0) break;
        ++idx[i - 1];
        for (std::size_t j = i; j < s; ++j) idx[j] = idx[j - 1] + 1;
      }
    }
  } else {
    // Greedy forward selection: grow the best set by the candidate that
    // lowers the CV RMSE most.
    std::vector<int> current;
    offer(current);
    for (std::size_t s = 1; s <= max_size; ++s) {
      for (int j = 0; j < static_cast<int>(cands.size()); ++j) {
        if (std::find(current.begin(), current.end(), j) != current.end()) continue;
        std::vector<int> trial = current;
        trial.push_back(j);
        offer(trial);
      }
      if (!best[s]) break;
      current = best[s]->second;
    }
  }

  // Smallest fittable size first; a larger size replaces it only when its CV
  // RMSE is clearly lower.
  std::optional<std::size_t> chosen;
  for (std::size_t s = 0; s <= max_size; ++s) {
    if (!best[s]) continue;
    if (!chosen) {
      chosen = s;
      continue;
    }
    if (clearly_lower(best[s]->first, best[*chosen]->first)) chosen = s;
  }
  if (!chosen) throw std::invalid_argument("regression select: no subset of terms could be fitted");
  // The intercept alone because no term could be fitted (a loop run once at
  // each of two sizes) says nothing of how the time grows: no model, so a
  // simulation scales the nearest size's time instead of charging their mean
  // at every size.
  if (*chosen == 0 && std::none_of(best.begin() + 1, best.end(), [](const auto& b) { return b.has_value(); }))
    throw std::invalid_argument("regression select: " + std::to_string(obs.size()) +
                                " observations are too few to fit a term over the parameters");

  std::vector<int> subset = best[*chosen]->second;
  std::sort(subset.begin(), subset.end());  // report terms in candidate order
  std::vector<Term> terms{Term{}};
  for (int j : subset) terms.push_back(cands[static_cast<std::size_t>(j)]);
  return fit_design(design(subset), y, sw, std::move(terms));
}

double evaluate(const RegressionFit& f, const std::map<std::string, double>& params) {
  double v = 0;
  for (std::size_t j = 0; j < f.terms.size() && j < f.coef.size(); ++j)
    v += f.coef[j] * f.terms[j].value(params);
  return v;
}

std::string emit_c(const RegressionFit& f, const std::string& function_name) {
  if (!is_identifier(function_name))
    throw std::invalid_argument("emit_c: '" + function_name + "' is not a C identifier");
  std::set<std::string> names;
  for (const Term& t : f.terms)
    for (const auto& fac : t.factors) names.insert(fac.first);
  std::string args;
  for (const std::string& nm : names) args += (args.empty() ? "double " : ", double ") + nm;
  if (args.empty()) args = "void";

  std::string body;
  for (std::size_t j = 0; j < f.terms.size() && j < f.coef.size(); ++j) {
    const std::string c = shortest(f.coef[j]);
    if (f.terms[j].factors.empty()) {
      body += body.empty() ? c : " + " + c;
    } else {
      body += (body.empty() ? "(" : " + (") + c_product(f.terms[j]) + ")*(" + c + ")";
    }
  }
  if (body.empty()) body = "0";

  char stats[160];
  std::snprintf(stats, sizeof stats, "  // %zu observations, adjusted R-squared %.4g, CV RMSE %.3g s\n",
                f.n, f.adj_r2, f.cv_rmse);
  return "double " + function_name + "(" + args + ")\n{\n" + stats + "  return " + body + ";\n}\n";
}

double student_t_cdf(double t, double df) {
  if (!(df > 0) || std::isnan(t)) throw std::invalid_argument("student_t_cdf: need df > 0 and t not NaN");
  const double tail = upper_tail(std::fabs(t), df);
  return t >= 0 ? 1 - tail : tail;
}

double student_t_quantile(double p, double df) {
  if (!(df > 0) || !(p > 0 && p < 1))
    throw std::invalid_argument("student_t_quantile: need df > 0 and 0 < p < 1");
  if (p == 0.5) return 0;
  if (p < 0.5) return -student_t_quantile(1 - p, df);
  // Bisection on the upper tail (decreasing in t) avoids the cancellation of
  // 1 - cdf for p close to 1.
  const double target = 1 - p;
  double lo = 0, hi = 1;
  while (upper_tail(hi, df) > target && hi < 1e300) hi *= 2;
  for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (upper_tail(mid, df) > target ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace hcc::models
